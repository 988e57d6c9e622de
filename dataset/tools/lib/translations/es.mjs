// Spanish, deliberately incomplete, so that the API's fallback to the default language has real
// data to be tested on (dataset/README.md, "The demo's languages"): the rarity names, every stat's
// name, short name and unit (not its description), and every relic's label and unit (not its name).
// Items, abilities and followers are not translated at all; what is left out stays in English.

/** @type {import('./compose.mjs').Language} */
export default {
  tag: 'es',
  rarities: { common: 'común', uncommon: 'poco común', rare: 'raro', epic: 'épico', legendary: 'legendario' },
  stats: {
    mgt: ['Poderío', 'POD'], fns: ['Destreza', 'DES'], fcs: ['Concentración', 'CON'], vgr: ['Vigor', 'VIG'], q7r: ['Temple', 'TEM'],
    spt: ['Espíritu', 'ESP'], ar2: ['Armadura', 'ARM'], wd2: ['Protección', 'PRT'], hp0: ['Salud máxima', 'PS'], mn0: ['Maná máximo', 'PM'],
    rg1: ['Regeneración de salud', 'PS/s'], rg2: ['Regeneración de maná', 'PM/s'], crc: ['Probabilidad de crítico', 'Crít'],
    cdx: ['Daño crítico', 'Daño crít'], hst: ['Celeridad', 'Celer'], as1: ['Velocidad de ataque', 'VA'], cs1: ['Velocidad de lanzamiento', 'VL'],
    k9c: ['Reducción de reutilización', 'RR'], mvz: ['Velocidad de movimiento', 'Mov'], ddg: ['Esquiva', 'Esq'], blc: ['Probabilidad de bloqueo', 'Bloq'],
    bla: ['Cantidad bloqueada', 'BLQ'], lch: ['Robo de vida', 'Robo'], thn: ['Espinas', 'Espinas'], e1f: ['Daño de fuego', 'Fuego'],
    e2c: ['Daño de escarcha', 'Escarcha'], e3s: ['Daño de tormenta', 'Tormenta'], e4d: ['Daño de sombra', 'Sombra'], e5r: ['Daño radiante', 'Radiante'],
    e6p: ['Daño de veneno', 'Veneno'], r1f: ['Resistencia al fuego', 'Res fuego'], r2c: ['Resistencia a la escarcha', 'Res escarcha'],
    r3s: ['Resistencia a la tormenta', 'Res tormenta'], r4d: ['Resistencia a las sombras', 'Res sombra'], wpd: ['Daño de arma', 'DArma'],
    sp4: ['Poder con hechizos', 'PH'], hl4: ['Poder de sanación', 'PSan'], thr: ['Amenaza', 'Amen'], mfd: ['Hallazgo mágico', 'HM'],
    xpg: ['Ganancia de experiencia', 'EXP'],
  },
  units: { '%': '%', pts: 'ptos.', '/s': '/s', s: 's' },
  relicLabels: {
    'Health per Kill': 'Salud por muerte', 'Gold Find': 'Hallazgo de oro', 'Curse Duration': 'Duración de maldiciones', 'Damage Taken': 'Daño recibido',
    'Potion Cooldown': 'Reutilización de pociones', 'Extra Projectiles': 'Proyectiles adicionales', 'Healing Received': 'Sanación recibida',
    'Revive once per dungeon': 'Revive una vez por mazmorra', 'Immune to fear': 'Inmune al miedo', 'Reveals hidden doors': 'Revela puertas ocultas',
    'Burning ground no longer harms you': 'El suelo en llamas ya no te daña',
  },
};
