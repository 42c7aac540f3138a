import fs from 'node:fs';
import path from 'node:path';

/** Preferred release: OpenSearch 3.x needs JDK 21+. */
export const OPENSEARCH_3_VERSION = '3.6.0';
/** Fallback for machines with only JDK 17 (2.x runs on JDK 11 to 23). */
export const OPENSEARCH_2_VERSION = '2.19.6';

export interface Jdk {
  /** JAVA_HOME of the JDK (its canonical path). */
  home: string;
  /** Feature release, e.g. 17 or 25. */
  major: number;
}

export interface Runtime {
  javaHome: string;
  javaMajor: number;
  opensearchVersion: string;
}

/**
 * The feature release from the text of a JDK `release` file
 * (`JAVA_VERSION="17.0.15"` gives 17, the legacy `"1.8.0_392"` gives 8).
 */
export function parseJavaMajor(releaseText: string): number | undefined {
  const match = /^JAVA_VERSION="?([^"\n]+)"?\s*$/m.exec(releaseText);
  if (!match) return undefined;
  const parts = match[1].split(/[.+_-]/);
  const first = Number(parts[0]);
  const major = first === 1 ? Number(parts[1]) : first;
  return Number.isInteger(major) && major > 0 ? major : undefined;
}

/**
 * JDKs found as `<dir>/<name>/release` under each of `jvmDirs`, plus the
 * explicit `homes` (e.g. JAVA_HOME). Symlinked aliases (Debian ships
 * `java-1.17.0-openjdk-amd64 -> java-17-openjdk-amd64`) count once.
 */
export function findJdks(jvmDirs: readonly string[], homes: readonly string[] = []): Jdk[] {
  const candidates = [...homes];
  for (const dir of jvmDirs) {
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      continue; // no such directory on this machine
    }
    for (const name of names.sort()) candidates.push(path.join(dir, name));
  }
  const seen = new Set<string>();
  const jdks: Jdk[] = [];
  for (const candidate of candidates) {
    let home: string;
    let text: string;
    try {
      home = fs.realpathSync(candidate);
      text = fs.readFileSync(path.join(home, 'release'), 'utf8');
    } catch {
      continue; // not a JDK (e.g. Debian's openjdk-17 holds only docs)
    }
    // A JRE has a release file too, but OpenSearch only needs `bin/java`.
    if (seen.has(home) || !fs.existsSync(path.join(home, 'bin', 'java'))) continue;
    const major = parseJavaMajor(text);
    if (major === undefined) continue;
    seen.add(home);
    jdks.push({ home, major });
  }
  return jdks;
}

/** Whether OpenSearch `version` runs on a JDK of feature release `major`. */
export function jdkSupports(major: number, version: string): boolean {
  const opensearchMajor = Number(version.split('.')[0]);
  if (opensearchMajor >= 3) return major >= 21;
  // 2.x installs a SecurityManager, which JDK 24 removed.
  return major >= 11 && major <= 23;
}

/** Highest feature release first; on a tie prefer Temurin (what the design asks for), then by path. */
function preference(a: Jdk, b: Jdk): number {
  if (a.major !== b.major) return b.major - a.major;
  const temurin = (j: Jdk) => (/temurin/i.test(j.home) ? 0 : 1);
  return temurin(a) - temurin(b) || a.home.localeCompare(b.home);
}

/**
 * Picks the OpenSearch version and the JDK to run it. With `requestedVersion`
 * (env OPENSEARCH_VERSION) only the JDK is chosen; otherwise a JDK 21+ gives
 * 3.x and a JDK 17 gives 2.19.x.
 */
export function chooseRuntime(jdks: readonly Jdk[], requestedVersion?: string): Runtime {
  const sorted = [...jdks].sort(preference);
  const versions = requestedVersion
    ? [requestedVersion]
    : [OPENSEARCH_3_VERSION, OPENSEARCH_2_VERSION];
  for (const version of versions) {
    const jdk = sorted.find((j) => jdkSupports(j.major, version));
    if (jdk) return { javaHome: jdk.home, javaMajor: jdk.major, opensearchVersion: version };
  }
  const found = sorted.length ? sorted.map((j) => `${j.home} (JDK ${j.major})`).join(', ') : 'none';
  const want = requestedVersion
    ? `OpenSearch ${requestedVersion} needs ${Number(requestedVersion.split('.')[0]) >= 3 ? 'JDK 21 or later' : 'a JDK from 11 to 23'}`
    : 'OpenSearch needs JDK 21+ (for 3.x) or JDK 17 (for 2.19.x)';
  throw new Error(
    `No suitable JDK: ${want}. Found: ${found}. Install e.g. openjdk-17-jdk-headless.`
  );
}

/**
 * The runtime for this machine: JDKs under /usr/lib/jvm plus JAVA_HOME, or
 * exactly OPENSEARCH_JAVA_HOME when set; version from OPENSEARCH_VERSION.
 */
export function detectRuntime(env: NodeJS.ProcessEnv = process.env): Runtime {
  const requested = env.OPENSEARCH_VERSION || undefined;
  if (env.OPENSEARCH_JAVA_HOME) {
    const jdks = findJdks([], [env.OPENSEARCH_JAVA_HOME]);
    if (!jdks.length)
      throw new Error(`OPENSEARCH_JAVA_HOME=${env.OPENSEARCH_JAVA_HOME} is not a JDK`);
    return chooseRuntime(jdks, requested);
  }
  const homes = env.JAVA_HOME ? [env.JAVA_HOME] : [];
  return chooseRuntime(findJdks(['/usr/lib/jvm'], homes), requested);
}
