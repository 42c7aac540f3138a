import { describe, expect, it } from 'vitest';
import { modelOutline, modelToText, parseModelText } from './model_text';

describe('parseModelText', () => {
  it('reads a JSON object and outlines it', () => {
    const parsed = parseModelText(
      '{"label": "g", "entities": [{"label": "A", "indices": ["a"], "id": "key"}]}'
    );
    expect(parsed).toEqual({
      ok: true,
      model: { label: 'g', entities: [{ label: 'A', indices: ['a'], id: 'key' }] },
      outline: { label: 'g', entities: [{ label: 'A', indices: ['a'], id: 'key' }], relations: [] },
    });
  });

  it('says why a text cannot be sent', () => {
    expect(parseModelText('  ')).toEqual({ ok: false, problem: 'empty' });
    expect(parseModelText('[1]')).toEqual({ ok: false, problem: 'not_object' });
    expect(parseModelText('null')).toEqual({ ok: false, problem: 'not_object' });
    const broken = parseModelText('{"label": "g",');
    expect(broken.ok).toBe(false);
    if (!broken.ok) {
      expect(broken.problem).toBe('syntax');
      expect(broken.detail).toMatch(/JSON/);
    }
  });

  it('round-trips through modelToText', () => {
    const model = { label: 'g', entities: [] };
    const parsed = parseModelText(modelToText(model));
    expect(parsed.ok && parsed.model).toEqual(model);
  });
});

describe('modelOutline', () => {
  it('keeps the usable parts of a half-written model', () => {
    expect(
      modelOutline({
        label: 7,
        entities: [
          { label: 'A', indices: ['a', 3, ''] },
          { label: 'NoIndex', indices: [] },
          { indices: ['x'] },
          'junk',
        ],
        relations: [
          { label: 'R', from: { entity: 'A', field: 'b_id' }, to: { entity: 'B' } },
          { label: 'Half', from: { entity: 'A' } },
        ],
      })
    ).toEqual({
      label: '',
      entities: [{ label: 'A', indices: ['a'] }],
      relations: [{ label: 'R', from: { entity: 'A', field: 'b_id' }, to: { entity: 'B' } }],
    });
  });
});
