import { parse, type CollectionTag, type ScalarTag } from 'yaml';

/**
 * CloudFormation's short-form intrinsic functions (`!Ref`, `!Sub`, `!If`, …), each read as the long
 * form it stands for (`{ Ref: … }`, `{ 'Fn::Sub': … }`), so that a test reads the template as
 * CloudFormation does. CloudFormation User Guide, "Intrinsic function reference".
 */
const FUNCTIONS = [
  'And',
  'Base64',
  'Cidr',
  'Equals',
  'FindInMap',
  'GetAZs',
  'If',
  'ImportValue',
  'Join',
  'Not',
  'Or',
  'Select',
  'Split',
  'Sub',
  'Transform',
];

function longForm(tag: string): (value: unknown) => unknown {
  if (tag === 'Ref') return (value) => ({ Ref: value });
  if (tag === 'Condition') return (value) => ({ Condition: value });
  // !GetAtt Resource.Attribute is the scalar form of [Resource, Attribute]; the attribute may hold dots.
  if (tag === 'GetAtt')
    return (value) => ({ 'Fn::GetAtt': typeof value === 'string' ? splitOnce(value) : value });
  return (value) => ({ [`Fn::${tag}`]: value });
}

function splitOnce(value: string): [string, string] {
  const dot = value.indexOf('.');
  return [value.slice(0, dot), value.slice(dot + 1)];
}

function tagsFor(name: string): (ScalarTag | CollectionTag)[] {
  const wrap = longForm(name);
  const tag = `!${name}`;
  return [
    { tag, resolve: (value: string) => wrap(value) } as ScalarTag,
    { tag, collection: 'seq', resolve: (seq) => wrap(seq.toJSON()) } as CollectionTag,
    { tag, collection: 'map', resolve: (map) => wrap(map.toJSON()) } as CollectionTag,
  ];
}

const CUSTOM_TAGS = ['Ref', 'Condition', 'GetAtt', ...FUNCTIONS].flatMap(tagsFor);

/** A CloudFormation (or SAM) template in YAML, short forms read as long forms. */
export function parseTemplate(text: string): Record<string, unknown> {
  return parse(text, { customTags: CUSTOM_TAGS, merge: false }) as Record<string, unknown>;
}
