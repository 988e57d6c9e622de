// Translates generated English prose sentence by sentence: each English pattern ({placeholders} for
// the words it was filled with) is matched as a whole, and the language's rendering of that pattern
// is filled with the words' translations. A text no pattern explains is an error, so a template added
// to the generator without its translation stops the generator instead of shipping English as German.
import { capitalise } from './grammar.mjs';

const NUMBER = /^[nmkpsa]$/;
const PLACEHOLDER = /\{(\w+)\}/g;
/** A rendering's placeholder, optionally naming one form of a word: {dungeon.dat}. */
const FORM_PLACEHOLDER = /\{(\w+)(?:\.(\w+))?\}/g;

/**
 * @typedef {string | Readonly<Record<string, string>>} Word  a translated word: its text, or its forms
 *   by name (`nom` the one used when the rendering names none)
 * @typedef {(groups: Record<string, Word>) => string} Render  a pattern's rendering in one language,
 *   given the pattern's placeholders already translated by the language's `word`
 * @typedef {(placeholder: string, english: string) => Word} WordOf
 * @typedef {{ regex: RegExp, names: string[], render: Render }} Rule
 */

/**
 * Compiles English patterns with their renderings in one language.
 * @param {string[]} patterns
 * @param {Record<string, string | Render>} renderings  by English pattern: a template using the same
 *   placeholders, or a function of them
 * @returns {Rule[]}
 */
export function compileRules(patterns, renderings) {
  return patterns.map((pattern) => {
    const rendering = renderings[pattern];
    if (rendering === undefined) throw new Error(`no translation for the sentence "${pattern}"`);
    /** @type {string[]} */
    const names = [];
    const source = pattern
      .split(PLACEHOLDER)
      .map((part, i) => {
        if (i % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(part);
        return NUMBER.test(part) ? '(\\d+(?:\\.\\d+)?)' : '(.+?)';
      })
      .join('');
    const render =
      typeof rendering === 'function'
        ? rendering
        : (/** @type {Record<string, Word>} */ g) => fill(rendering, g);
    return { regex: new RegExp(`^${source}$`), names, render };
  });
}

/**
 * Replaces each {name} (or {name.form}) of a template with its value.
 * @param {string} template
 * @param {Record<string, Word>} values
 */
export function fill(template, values) {
  return template.replace(FORM_PLACEHOLDER, (_, name, form) => {
    const value = values[name];
    const text = typeof value === 'string' ? value : value?.[form ?? 'nom'];
    if (text === undefined)
      throw new Error(`no value for {${name}${form ? `.${form}` : ''}} in "${template}"`);
    return text;
  });
}

/**
 * The text in the language: one or more sentences, each explained by one rule.
 * @param {string} text  plain text (markup already stripped)
 * @param {Rule[]} rules
 * @param {WordOf} word  a placeholder's English word, translated
 * @returns {string}
 */
export function translateSentences(text, rules, word) {
  const whole = translateOne(text, rules, word);
  if (whole !== undefined) return whole;
  // Sentences are joined by one space: try each split after a sentence's end.
  for (let at = text.indexOf(' '); at !== -1; at = text.indexOf(' ', at + 1)) {
    if (!/[.!?"]$/.test(text.slice(0, at))) continue;
    const first = translateOne(text.slice(0, at), rules, word);
    if (first === undefined) continue;
    const rest = tryTranslate(text.slice(at + 1), rules, word);
    if (rest !== undefined) return `${first} ${rest}`;
  }
  throw new Error(`no sentence pattern explains "${text}"`);
}

/** @param {string} text @param {Rule[]} rules @param {WordOf} word */
function tryTranslate(text, rules, word) {
  try {
    return translateSentences(text, rules, word);
  } catch {
    return undefined;
  }
}

/** @param {string} sentence @param {Rule[]} rules @param {WordOf} word */
function translateOne(sentence, rules, word) {
  for (const { regex, names, render } of rules) {
    const match = regex.exec(sentence);
    if (!match) continue;
    /** @type {Record<string, Word>} */
    const groups = {};
    try {
      names.forEach((name, i) => {
        const english = /** @type {string} */ (match[i + 1]);
        groups[name] = NUMBER.test(name) ? english : word(name, english);
      });
    } catch {
      // A placeholder that swallowed the next sentence names no known word: not this split.
      continue;
    }
    return capitalise(render(groups));
  }
  return undefined;
}
