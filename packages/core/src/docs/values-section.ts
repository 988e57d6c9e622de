import type { Dataset } from '../dataset/dataset.js';
import { collectVocabulary } from '../dataset/vocabulary.js';
import { code, section, table } from './html.js';

const list = (values: string[]) => (values.length ? values.map(code).join(', ') : '<span class="muted">none in this dataset</span>');

/**
 * The values filters accept, collected from the loaded records and the dataset's rarity scale, so the
 * page never lists a value that does not exist.
 */
export function renderValues(dataset: Dataset): string {
  const vocabulary = collectVocabulary(dataset);
  const rarities = dataset.rarities.map((r) => [code(String(r.value)), code(r.name)]);
  return section(
    'values',
    'Allowed values',
    `<p>Every value the current dataset holds. Text filters match ignoring case.</p>
<dl>
<dt>Item ${code('slot')}</dt><dd>${list(vocabulary.slots)}</dd>
<dt>Item ${code('type')} (slot family; a field, not a filter)</dt><dd>${list(vocabulary.types)}</dd>
<dt>Item ${code('subtype')}</dt><dd>${list(vocabulary.subtypes)}</dd>
<dt>Ability ${code('category')}</dt><dd>${list(vocabulary.categories)}</dd>
</dl>
<p>The rarity scale, low to high (${code('rarity')} takes either column):</p>
${table(['Number', 'Name'], rarities)}`,
  );
}
