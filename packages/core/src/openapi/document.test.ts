import { describe, expect, it } from 'vitest';
import { fixtureDataset } from '../testing/fixture-dataset.js';
import { buildOpenApiDocument } from './document.js';

const doc = buildOpenApiDocument(fixtureDataset()) as {
  openapi: string;
  paths: Record<string, { get: { parameters?: Array<{ name: string; schema: Record<string, unknown> }> } }>;
  components: Record<string, Record<string, unknown>>;
};

describe('buildOpenApiDocument', () => {
  it('is OpenAPI 3.1 and describes every path of the contract', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual(
      ['/', '/docs', '/v1/openapi.json', '/v1/items', '/v1/items/{id}', '/v1/abilities', '/v1/abilities/{id}', '/v1/relics', '/v1/relics/{id}', '/v1/followers', '/v1/followers/{id}', '/v1/stats', '/v1/meta', '/v1/img/{spriteId}.png'].sort(),
    );
  });

  it('takes enumerations from the dataset', () => {
    const slot = doc.paths['/v1/items']?.get.parameters?.find((p) => p.name === 'slot');
    expect(slot?.schema.enum).toEqual(['head', 'mainhand', 'ring']);
  });

  it('resolves every $ref', () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"#\/components\/[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) {
      const [, section, name] = /#\/components\/(\w+)\/(\w+)/.exec(ref) ?? [];
      expect(doc.components[section as string]?.[name as string], ref).toBeDefined();
    }
  });

  it('has the public record schemas as allowlists', () => {
    const item = doc.components.schemas?.Item as { properties: Record<string, unknown>; additionalProperties: boolean; required: string[] };
    expect(Object.keys(item.properties)).toEqual(['id', 'name', 'description', 'type', 'slot', 'subtype', 'rarity', 'rarityName', 'cosmetic', 'icon', 'stats', 'roll', 'effects', 'requirements', 'dungeons']);
    expect(item.required).toEqual(['id', 'name', 'rarity', 'rarityName']);
  });
});
