/**
 * The demo data set: a few companies, news articles that mention them, and investments in them.
 * Generated from a fixed seed so every fresh install shows the same rows.
 */
export interface Company {
  id: number;
  name: string;
  country: string;
  sector: string;
  founded: number;
}

export interface Article {
  id: number;
  title: string;
  company_id: number;
  published: string;
  sentiment: number;
}

export interface Investment {
  id: number;
  company_id: number;
  investor: string;
  amount: number;
  invested_on: string;
}

const COMPANIES: Array<Omit<Company, 'id'>> = [
  { name: 'Aurora Robotics', country: 'FI', sector: 'robotics', founded: 2012 },
  { name: 'Blue Fjord Energy', country: 'NO', sector: 'energy', founded: 2008 },
  { name: 'Cobalt Health', country: 'DE', sector: 'health', founded: 2015 },
  { name: 'Delta Freight', country: 'NL', sector: 'logistics', founded: 1999 },
  { name: 'Ember Analytics', country: 'IE', sector: 'software', founded: 2017 },
  { name: 'Fennec Foods', country: 'ES', sector: 'food', founded: 2010 },
  { name: 'Granite Bank', country: 'CH', sector: 'finance', founded: 1987 },
  { name: 'Halo Satellites', country: 'FR', sector: 'aerospace', founded: 2014 },
  { name: 'Iris Optics', country: 'IT', sector: 'hardware', founded: 2004 },
  { name: 'Juniper Learning', country: 'SE', sector: 'education', founded: 2019 },
  { name: 'Kelp Materials', country: 'PT', sector: 'materials', founded: 2021 },
  { name: 'Lumen Security', country: 'PL', sector: 'software', founded: 2011 },
];

const HEADLINES = [
  'raises new funding round',
  'opens a second office',
  'announces quarterly results',
  'hires a new chief executive',
  'partners with a university',
  'recalls a product line',
  'wins a public contract',
  'expands into Asia',
];

const INVESTORS = ['North Star Ventures', 'Harbor Capital', 'Pine Partners', 'Summit Fund'];

/** Mulberry32: tiny, seedable, good enough to vary demo rows. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function day(next: () => number, fromYear: number): string {
  const start = Date.UTC(fromYear, 0, 1);
  const span = Date.UTC(2026, 0, 1) - start;
  return new Date(start + Math.floor(next() * span)).toISOString().slice(0, 10);
}

export function demoRows(): {
  companies: Company[];
  articles: Article[];
  investments: Investment[];
} {
  const next = random(20261121);
  const companies = COMPANIES.map((company, i) => ({ id: i + 1, ...company }));
  const articles: Article[] = [];
  for (let id = 1; id <= 60; id++) {
    const company = companies[Math.floor(next() * companies.length)];
    articles.push({
      id,
      title: `${company.name} ${HEADLINES[Math.floor(next() * HEADLINES.length)]}`,
      company_id: company.id,
      published: day(next, 2022),
      sentiment: Math.round((next() * 2 - 1) * 100) / 100,
    });
  }
  const investments: Investment[] = [];
  for (let id = 1; id <= 40; id++) {
    investments.push({
      id,
      company_id: companies[Math.floor(next() * companies.length)].id,
      investor: INVESTORS[Math.floor(next() * INVESTORS.length)],
      amount: Math.round(next() * 50_000) * 100,
      invested_on: day(next, 2018),
    });
  }
  return { companies, articles, investments };
}
