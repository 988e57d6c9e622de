import type { ListDescriptor } from '../collections/descriptor.js';
import { distinctValues } from '../collections/distinct-values.js';
import { collectionOf, type Dataset } from '../dataset/dataset.js';
import { code, escapeHtml, section, table } from './html.js';

const list = (values: string[]) =>
  values.length ? values.map(code).join(', ') : '<span class="muted">none in this dataset</span>';

/** The listed fields of one collection, as definition-list entries: `Item slot`, then its values. */
function renderListedFields(dataset: Dataset, descriptor: ListDescriptor): string[] {
  const { name, typeName, fields } = descriptor;
  const records = collectionOf(dataset, name).records;
  return fields.flatMap(({ field, listed }) => {
    if (!listed) return [];
    const { note } = listed;
    return [
      `<dt>${typeName} ${code(field)}${note ? ` (${escapeHtml(note)})` : ''}</dt><dd>${list(distinctValues(records, field))}</dd>`,
    ];
  });
}

/**
 * The values filters accept, collected from the loaded records and the dataset's rarity scale, so the
 * page never lists a value that does not exist.
 */
export function renderValues(dataset: Dataset): string {
  const rarities = dataset.rarities.map((r) => [code(String(r.value)), code(r.name)]);
  return section(
    'values',
    'Allowed values',
    `<p>Every value the current dataset holds. Text filters match ignoring case.</p>
<dl>
${dataset.registry.lists.flatMap((descriptor) => renderListedFields(dataset, descriptor)).join('\n')}
</dl>
<p>The rarity scale, low to high (${code('rarity')} takes either column):</p>
${table(['Number', 'Name'], rarities)}
<p>A ${code('description')} is served as the game wrote it, in every language and in the bulk and SQLite files: its colour markup removed, its line breaks (${code('\\n')}) and paragraphs kept. Only what no reader sees is normalised: a ${code('\\r\\n')} is a ${code('\\n')}, and white space at the end of a line and at both ends of the text is removed. Render a description with its line breaks (CSS ${code('white-space: pre-line')}).</p>`,
  );
}
