// Writes translations/<language>/ for every language of the demo (dataset/README.md, "Translations").
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeJson } from '../util.mjs';
import { translateExport } from './compose.mjs';
import de from './de.mjs';
import es from './es.mjs';
import fr from './fr.mjs';

/** German and French translate every field; Spanish only part of them (es.mjs says which, and why). */
const LANGUAGES = [de, es, fr];

/**
 * Replaces `dir` with one directory per language, and returns the languages' tags.
 * @param {string} dir
 * @param {import('./compose.mjs').Export} data
 */
export function writeTranslations(dir, data) {
  // A language dropped from the list must not linger from an earlier run into the same directory.
  rmSync(dir, { recursive: true, force: true });
  for (const lang of LANGUAGES) {
    const files = translateExport(data, lang);
    mkdirSync(join(dir, lang.tag), { recursive: true });
    for (const [name, content] of Object.entries(files))
      writeJson(join(dir, lang.tag, name), content);
  }
  return LANGUAGES.map((lang) => lang.tag);
}
