import { describe, expect, it } from 'vitest';
import { draftDiffers, modelToSave } from './draft';

const saved = {
  title: 'q',
  query: 'SELECT c.name FROM "g" MATCH (c:Company)',
  model: { label: 'g', entities: [{ label: 'Company', indices: ['c'] }] },
};

describe('modelToSave', () => {
  it('gives the model object of valid JSON', () => {
    expect(modelToSave({ query: '', modelText: '{"label":"g"}' })).toEqual({
      ok: true,
      model: { label: 'g' },
    });
  });

  it('refuses empty text, JSON that is not an object, and text that is not JSON', () => {
    expect(modelToSave({ query: '', modelText: '  ' })).toEqual({
      ok: false,
      message: 'The model is empty. Write the graph model (a JSON object) before saving.',
    });
    expect(modelToSave({ query: '', modelText: '[1]' })).toEqual({
      ok: false,
      message: 'The model must be a JSON object. Fix it before saving.',
    });
    const broken = modelToSave({ query: '', modelText: '{"label": ' });
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.message).toMatch(/^The model is not valid JSON \(.+\)\. Fix it/);
  });
});

describe('draftDiffers', () => {
  const text = JSON.stringify(saved.model, null, 2);

  it('is false for the saved query and model, however the model is laid out', () => {
    expect(draftDiffers({ query: saved.query, modelText: text }, saved)).toBe(false);
    const reordered = '{"entities":[{"indices":["c"],"label":"Company"}],"label":"g"}';
    expect(draftDiffers({ query: saved.query, modelText: reordered }, saved)).toBe(false);
  });

  it('is true when the query, the model, or the model syntax differs', () => {
    expect(draftDiffers({ query: `${saved.query} `, modelText: text }, saved)).toBe(true);
    expect(draftDiffers({ query: saved.query, modelText: '{"label":"g"}' }, saved)).toBe(true);
    expect(draftDiffers({ query: saved.query, modelText: '{' }, saved)).toBe(true);
    const moreIndices = text.replace('"c"', '"c", "d"');
    expect(draftDiffers({ query: saved.query, modelText: moreIndices }, saved)).toBe(true);
  });
});
