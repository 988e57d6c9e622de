/**
 * What a template refers to by name: `Ref`, `Fn::GetAtt`, the `${…}` of `Fn::Sub`, and condition
 * names (in `Fn::If`, in `{ Condition }` inside conditions, and on resources and outputs). Each comes
 * with the conditions known to hold where it appears — the resource's or output's own, and the first
 * branch of every `Fn::If` around it — so that a reference to a conditional resource can be checked
 * to be made only where that resource exists.
 */
export interface Reference {
  kind: 'Ref' | 'GetAtt' | 'Condition';
  name: string;
  attribute?: string;
  /** Conditions that hold wherever this reference is evaluated. */
  holding: string[];
  at: string;
}

export function collectReferences(value: unknown, at: string, holding: string[] = []): Reference[] {
  if (Array.isArray(value))
    return value.flatMap((element, i) => collectReferences(element, `${at}[${i}]`, holding));
  if (typeof value !== 'object' || value === null) return [];
  const entries = Object.entries(value);
  const [key, inner] = entries.length === 1 ? (entries[0] as [string, unknown]) : ['', undefined];
  if (key === 'Ref') return [{ kind: 'Ref', name: String(inner), holding, at }];
  if (key === 'Condition' && typeof inner === 'string')
    return [{ kind: 'Condition', name: inner, holding, at }];
  if (key === 'Fn::GetAtt') {
    const [name, attribute] = inner as [string, string];
    return [{ kind: 'GetAtt', name, attribute, holding, at }];
  }
  if (key === 'Fn::If') {
    const [condition, whenTrue, whenFalse] = inner as [string, unknown, unknown];
    return [
      { kind: 'Condition', name: condition, holding, at },
      ...collectReferences(whenTrue, `${at}.if(${condition})`, [...holding, condition]),
      ...collectReferences(whenFalse, `${at}.else(${condition})`, holding),
    ];
  }
  if (key === 'Fn::Sub') return collectSub(inner, at, holding);
  return entries.flatMap(([name, element]) => collectReferences(element, `${at}.${name}`, holding));
}

/**
 * `${Name}` and `${Name.Attribute}` in a Sub string are a Ref and a GetAtt; `${!Literal}` is text.
 * Names given in the variables map of the two-element form refer to those values instead.
 */
function collectSub(inner: unknown, at: string, holding: string[]): Reference[] {
  const [text, variables] =
    typeof inner === 'string' ? [inner, {}] : (inner as [string, Record<string, unknown>]);
  const local = new Set(Object.keys(variables));
  const found: Reference[] = collectReferences(variables, `${at}.variables`, holding);
  for (const [, name] of text.matchAll(/\$\{([^!}][^}]*)\}/g)) {
    if (local.has(name as string)) continue;
    const dot = (name as string).indexOf('.');
    if (dot < 0 || (name as string).startsWith('AWS::'))
      found.push({ kind: 'Ref', name: name as string, holding, at });
    else
      found.push({
        kind: 'GetAtt',
        name: (name as string).slice(0, dot),
        attribute: (name as string).slice(dot + 1),
        holding,
        at,
      });
  }
  return found;
}
