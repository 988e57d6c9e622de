import { expectTypeOf, it } from 'vitest';
import type {
  AbilityListParams,
  FollowerListParams,
  ItemListParams,
  RelicListParams,
} from './list-params.js';

// Checked by the compiler (`pnpm typecheck`, strict): each `@ts-expect-error` fails the typecheck when
// the line under it compiles, so a rarity off the scale must stay a type error.
it('rarity is the closed scale: its numbers and its names, nothing else', () => {
  expectTypeOf<{ rarity: 4 }>().toMatchTypeOf<ItemListParams>();
  expectTypeOf<{ rarity: 'legendary' }>().toMatchTypeOf<RelicListParams>();
  expectTypeOf<{ rarity: 0 }>().toMatchTypeOf<FollowerListParams>();
  // @ts-expect-error 'mythic' is not on the rarity scale
  const mythic: ItemListParams = { rarity: 'mythic' };
  // @ts-expect-error 9 is not on the rarity scale
  const nine: RelicListParams = { rarity: 9 };
  // @ts-expect-error any string is not a rarity
  const anyName: FollowerListParams = { rarity: 'legendary' as string };
  void [mythic, nine, anyName];
});

it('slot, subtype and category name the known values and still take any other string', () => {
  expectTypeOf<'head'>().toMatchTypeOf<NonNullable<ItemListParams['slot']>>();
  expectTypeOf<'sword'>().toMatchTypeOf<NonNullable<ItemListParams['subtype']>>();
  expectTypeOf<'offense'>().toMatchTypeOf<NonNullable<AbilityListParams['category']>>();
  // A value a later release brings still compiles.
  expectTypeOf<{ slot: 'tail'; subtype: 'lute' }>().toMatchTypeOf<ItemListParams>();
  expectTypeOf<{ category: 'crafting' }>().toMatchTypeOf<AbilityListParams>();
  // The known values are in the type itself (what an editor completes), not only `string`.
  expectTypeOf<Extract<ItemListParams['slot'], 'head'>>().toEqualTypeOf<'head'>();
  expectTypeOf<Extract<ItemListParams['subtype'], 'sword'>>().toEqualTypeOf<'sword'>();
  expectTypeOf<Extract<AbilityListParams['category'], 'offense'>>().toEqualTypeOf<'offense'>();
});
