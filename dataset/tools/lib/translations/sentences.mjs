// The English sentence patterns the generator's templates produce (descriptions.mjs, abilities.mjs,
// item-extras.mjs), markup stripped, with the words they were filled with as {placeholders}: each
// language translates a pattern as a whole, so word order and grammar are the language's own.
// {n} {m} {k} {p} {s} {a} stand for numbers, which every language keeps as written.

/** Item descriptions: every opener and closer of descriptions.mjs. */
export const ITEM_SENTENCES = [
  'Forged in the depths of {dungeon}.',
  'Standard issue for the {faction}, balanced for long campaigns.',
  'A {adj} {noun} that bites deeper against the unprepared.',
  'Its grip is worn smooth by generations of {faction} veterans.',
  'Recovered from the vaults of {dungeon}.',
  'Strung with {string}; it never slackens in the rain.',
  'Favoured by the scouts of the {faction}.',
  'Hums softly whenever a spell is woven nearby.',
  'Attuned in the archives of the {faction}.',
  'Its {runes} were cut by {char}.',
  'Dented by a hundred blows, and never once broken.',
  'Bears the crest of the {faction}.',
  'Hammered out in the forges of {dungeon}.',
  'Pieced together from salvage recovered in {dungeon}.',
  'Favoured by the {faction} for its fit and easy repair.',
  'Bears the scars of a hundred skirmishes.',
  'Fitted by hand in the workshops of the {faction}.',
  'A keepsake from {dungeon}, warm to the touch.',
  'Once belonged to {char}.',
  'The {gem} set in it glimmers when danger is near.',
  'Engraved with the sigil of the {faction}.',
  'Worn at every {fest} since anyone can remember.',
  'Turns heads. Stops no arrows.',
  'Purely for show, and what a show it is.',
  'Sheds harmless sparks when you glide.',
  'A sure-footed companion for the long roads of Emberfall.',
  'Summons and dismisses a {noun}. Cosmetic only.',
  'A loyal companion that follows you everywhere. It does not fight.',
  'Loves shiny things. Fetches nothing.',
  'Traces of {el} still cling to it.',
  'Glows faintly with {el} when drawn.',
  'Glows faintly with {el} in the dark.',
  '"{quote}" — {char}',
  'Part of the {faction} collection.',
  'Unique-Equipped.',
];

/** Ability descriptions: every template of abilities.mjs, and the sentence a balance patch appends. */
export const ABILITY_SENTENCES = [
  'Strike with {el}, dealing {n}% weapon damage.',
  'Unleash a flurry of {k} blows, each dealing {n}% weapon damage.',
  'Loose {k} arrows, each dealing {n}% weapon damage.',
  'Loose {k} arrows wreathed in {el}, each dealing {n}% weapon damage.',
  'Hurl a bolt of {el} that deals {n}% spell power to the first enemy hit.',
  'Release a nova of {el}, dealing {n}% spell power to enemies within 8 metres.',
  'Raise a barrier that absorbs {a} damage for {s}s.',
  'Reduce all damage taken by {p}% for {s}s.',
  'Taunt nearby enemies and gain {p}% armour for {s}s.',
  'Heal an ally with {el} for {n}% of your healing power.',
  'Grant nearby allies {p}% haste for {s}s.',
  'Cleanse one harmful effect from each ally within {m} metres.',
  'Dash {m} metres forward, breaking roots and slows.',
  'Teleport up to {m} metres; your next attack within 3s deals {p}% more damage.',
  'Gain {p}% movement speed for {s}s.',
  'Gain {p}% movement speed for {s}s, leaving a trail of {el}.',
  'Summon {summon} to fight at your side for {s}s.',
  'Call forth {summon}; it taunts enemies near you and lasts {s}s.',
  'Reveal hidden enemies and traps within {m} metres for {s}s.',
  'Place a trap that roots the first enemy to trigger it for {s}s.',
  'Mark a target; allies deal {p}% more damage to it for {s}s.',
  'Vanish from sight for {s}s; attacking or taking damage breaks the effect.',
  'Place a ward on an ally that blocks the next harmful spell within {s}s.',
];

/** What patches.mjs appends to a reworded ability description, in place of its final full stop. */
export const UNINTERRUPTIBLE = ', and can no longer be interrupted.';
