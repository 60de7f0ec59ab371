/**
 * Model lines per product kind: which brand makes what, trims, price position and facts the
 * specifications and texts are built from. Names come out as
 * `{brand} {model} {trim}`, e.g. "Trek FX 3 Disc", "Crescent Elina 7-vxl Dam".
 */
import type { ColourKey, ProductKind } from '../../modules/catalog/product-image.ts';

/** One model of a brand with its trims (variants of equipment or size). */
export interface ModelLine {
  brand: string;
  model: string;
  /** Trim suffixes; '' for none; a trim starting with '-' joins without a space. */
  trims: readonly string[];
  /** Price position 0 (cheapest of the kind) .. 1 (dearest); trims climb from here. */
  tier: number;
  /** Kind-specific facts: type, motor, volume, valve, ... */
  attrs: Readonly<Record<string, string>>;
}

/** What every product of a kind has in common. */
export interface KindTemplate {
  kind: ProductKind;
  /** Relative share of the catalogue. */
  share: number;
  /** Regular price range incl. VAT, whole kronor. */
  priceKr: readonly [number, number];
  /** Product weight range, grams. */
  weightGrams: readonly [number, number];
  colours: readonly ColourKey[];
  lines: readonly ModelLine[];
}

type Attrs = Record<string, string>;

function line(
  brand: string,
  model: string,
  trims: readonly string[] = [''],
  tier = 0.5,
  attrs: Attrs = {},
): ModelLine {
  return { brand, model, trims, tier, attrs };
}

const BIKE_COLOURS: ColourKey[] = [
  'svart',
  'vit',
  'gra',
  'bla',
  'marinbla',
  'gron',
  'olivgron',
  'rod',
  'silver',
  'beige',
];

/** All kinds, in category order. */
export const KIND_TEMPLATES: readonly KindTemplate[] = [
  {
    kind: 'elcykel',
    share: 62,
    priceKr: [14999, 49999],
    weightGrams: [21000, 28000],
    colours: ['svart', 'vit', 'gra', 'marinbla', 'gron', 'olivgron', 'beige', 'silver'],
    lines: [
      line('Crescent', 'Elora', ['7-vxl Dam', 'Mittmotor 8-vxl Dam'], 0.15, { motor: 'navfram' }),
      line('Crescent', 'Ebbe', ['7-vxl Herr', 'Mittmotor 8-vxl Herr'], 0.15, { motor: 'navfram' }),
      line('Crescent', 'Elda', ['7-vxl Dam', '7-vxl Herr'], 0.3, { motor: 'navfram' }),
      line('Crescent', 'Eskil', ['Mittmotor Enviolo'], 0.45, { motor: 'bosch-active' }),
      line('Monark', 'E-Karin', ['3-vxl', '7-vxl', 'Mittmotor 7-vxl'], 0.2, { motor: 'navfram' }),
      line('Monark', 'E-Albin', ['7-vxl Herr', 'Mittmotor 7-vxl Herr'], 0.25, { motor: 'navfram' }),
      line('Skeppshult', 'E-Natur Pro', ['7-vxl Dam', '7-vxl Herr', 'Nexus 8-vxl Dam'], 0.5, {
        motor: 'shimano-e6100',
      }),
      line('Skeppshult', 'E-Favorit', ['7-vxl Dam', 'Enviolo Dam'], 0.45, {
        motor: 'shimano-e6100',
      }),
      line('Specialized', 'Turbo Vado', ['3.0', '4.0', '5.0'], 0.7, { motor: 'specialized' }),
      line('Specialized', 'Turbo Vado SL', ['4.0', '5.0 EQ'], 0.8, { motor: 'specialized-sl' }),
      line('Specialized', 'Turbo Como', ['3.0', '4.0'], 0.7, { motor: 'specialized' }),
      line('Trek', 'Allant+', ['5', '7', '8', '9.9'], 0.65, { motor: 'bosch-performance' }),
      line('Trek', 'Verve+', ['2', '3', '4 Lowstep'], 0.5, { motor: 'bosch-active' }),
      line('Trek', 'FX+', ['2', '7S'], 0.55, { motor: 'mahle' }),
      line('Cube', 'Kathmandu Hybrid', ['ONE 625', 'Pro 625', 'SLX 750'], 0.6, {
        motor: 'bosch-cx',
      }),
      line('Cube', 'Ella Ride Hybrid', ['500', '625'], 0.35, { motor: 'bosch-active' }),
      line('Cube', 'Supreme Hybrid', ['ONE 500', 'Pro 625'], 0.45, { motor: 'bosch-active' }),
      line('Scott', 'Sub Active eRIDE', ['10', '20', '30'], 0.55, { motor: 'bosch-performance' }),
      line('Giant', 'Explore E+', ['1', '2', '3'], 0.55, { motor: 'giant' }),
      line('Giant', 'FastRoad E+', ['EX Pro', 'AR 2'], 0.7, { motor: 'giant' }),
      line('Merida', 'eSpresso', ['300 EQ', '400 EQ', '700 EQ'], 0.55, { motor: 'shimano-ep8' }),
      line('Nishiki', 'E-Grade', ['7-vxl Dam', '7-vxl Herr'], 0.05, { motor: 'navbak' }),
      line('Kross', 'Trans Hybrid', ['4.0', '6.0'], 0.2, { motor: 'navbak' }),
      line('Riese & Müller', 'Charger4', ['GT vario', 'Mixte GT vario'], 0.95, {
        motor: 'bosch-cx',
      }),
    ],
  },
  {
    kind: 'hybridcykel',
    share: 45,
    priceKr: [4499, 14999],
    weightGrams: [10500, 14500],
    colours: BIKE_COLOURS,
    lines: [
      line('Trek', 'FX', ['1', '2', '3 Disc', '3 Disc Equipped', 'Sport 4', 'Sport 5'], 0.35),
      line('Trek', 'Dual Sport', ['1', '2', '3'], 0.45, { suspension: 'Framfjädring' }),
      line('Trek', 'Verve', ['1', '2', '3 Equipped'], 0.4),
      line('Specialized', 'Sirrus', ['2.0', '3.0', 'X 2.0', 'X 3.0', 'X 4.0'], 0.45),
      line('Cube', 'Nature', ['ONE', 'EXC', 'Pro'], 0.35, { suspension: 'Framfjädring' }),
      line('Cube', 'Hyde', ['', 'Pro', 'Race'], 0.55),
      line('Scott', 'Sub Cross', ['10', '20', '30', '40'], 0.35, { suspension: 'Framfjädring' }),
      line('Scott', 'Sub Sport', ['10', '20'], 0.5),
      line('Giant', 'Escape', ['1', '2', '3', 'Disc 2'], 0.3),
      line('Giant', 'Roam', ['1', '2', 'Disc 3'], 0.35, { suspension: 'Framfjädring' }),
      line('Merida', 'Crossway', ['100', '300', '500'], 0.3, { suspension: 'Framfjädring' }),
      line('Merida', 'Speeder', ['100', '300'], 0.45),
      line('Kross', 'Evado', ['3.0', '5.0', '7.0'], 0.15, { suspension: 'Framfjädring' }),
      line('Nishiki', 'Sojo', ['21-vxl Dam', '21-vxl Herr'], 0.05),
      line('Crescent', 'Fenja', ['24-vxl Dam', '24-vxl Herr'], 0.2),
      line('Bianchi', 'C-Sport', ['1', '2', '3'], 0.5),
      line('Cannondale', 'Quick', ['3', '4', '6', 'Disc 5'], 0.45),
      line('Monark', 'Albin', ['7-vxl Herr', '24-vxl Herr'], 0.2),
    ],
  },
  {
    kind: 'stadscykel',
    share: 45,
    priceKr: [4499, 14999],
    weightGrams: [15000, 20000],
    colours: ['svart', 'vit', 'beige', 'gron', 'marinbla', 'rod', 'turkos', 'gra', 'rosa'],
    lines: [
      line('Crescent', 'Elina', ['3-vxl Dam', '7-vxl Dam'], 0.25),
      line('Crescent', 'Elis', ['3-vxl Herr', '7-vxl Herr'], 0.25),
      line('Crescent', 'Ebba', ['3-vxl Dam', '7-vxl Dam', '7-vxl Dam Fotbroms'], 0.3),
      line('Monark', 'Karin', ['1-vxl', '3-vxl', '7-vxl'], 0.25, { frame: 'Stål' }),
      line('Monark', 'Karl', ['3-vxl', '7-vxl'], 0.25, { frame: 'Stål' }),
      line('Monark', 'Rex', ['3-vxl Herr', '3-vxl Dam'], 0.2, { frame: 'Stål' }),
      line('Skeppshult', 'Natur Pro', ['7-vxl', '7-vxl Dam', '7-vxl Herr', 'Nexus 8-vxl'], 0.75),
      line('Skeppshult', 'Natur', ['3-vxl Dam', '7-vxl Dam', '7-vxl Herr'], 0.6),
      line('Skeppshult', 'Favorit', ['3-vxl Dam', '7-vxl Dam'], 0.55, { frame: 'Stål' }),
      line('Nishiki', 'Urban', ['3-vxl Dam', '7-vxl Dam', '7-vxl Herr'], 0.05),
      line('Kross', 'Le Grand Elegance', ['1', '3', '5'], 0.2),
      line('Cube', 'Ella Cruise', ['', 'Pro'], 0.45),
      line('Bianchi', 'Spillo', ['Rubino', 'Onice'], 0.5, { frame: 'Stål' }),
      line('Trek', 'District', ['1 Equipped', '3 Equipped'], 0.55),
    ],
  },
  {
    kind: 'mountainbike',
    share: 45,
    priceKr: [8999, 59999],
    weightGrams: [12000, 16000],
    colours: ['svart', 'gra', 'bla', 'gron', 'olivgron', 'rod', 'orange', 'lila', 'turkos', 'gul'],
    lines: [
      line('Trek', 'Marlin', ['5', '6', '7', '8'], 0.1, { suspension: 'Framfjädring' }),
      line('Trek', 'Roscoe', ['7', '8'], 0.3, { suspension: 'Framfjädring', wheel: '27,5"' }),
      line('Trek', 'Fuel EX', ['5', '7', '8'], 0.7, { suspension: 'Heldämpad' }),
      line('Specialized', 'Rockhopper', ['Sport', 'Comp', 'Expert'], 0.15, {
        suspension: 'Framfjädring',
      }),
      line('Specialized', 'Stumpjumper', ['Comp Alloy', 'Expert'], 0.85, {
        suspension: 'Heldämpad',
      }),
      line('Specialized', 'Epic', ['Comp', 'Expert'], 0.9, {
        suspension: 'Heldämpad',
        frame: 'Kolfiber',
      }),
      line('Scott', 'Aspect', ['970', '950', '930'], 0.1, { suspension: 'Framfjädring' }),
      line('Scott', 'Scale', ['970', '965', '940'], 0.5, {
        suspension: 'Framfjädring',
        frame: 'Kolfiber',
      }),
      line('Scott', 'Spark', ['960', '950', '930'], 0.75, { suspension: 'Heldämpad' }),
      line('Giant', 'Talon', ['3', '2', '1'], 0.1, { suspension: 'Framfjädring' }),
      line('Giant', 'Fathom', ['2', '1'], 0.3, { suspension: 'Framfjädring' }),
      line('Giant', 'Trance X', ['3', '2'], 0.7, { suspension: 'Heldämpad' }),
      line('Cube', 'Aim', ['', 'Pro', 'SL', 'EX'], 0.05, { suspension: 'Framfjädring' }),
      line('Cube', 'Attention', ['', 'SL'], 0.25, { suspension: 'Framfjädring' }),
      line('Cube', 'Stereo ONE22', ['Pro', 'Race'], 0.65, { suspension: 'Heldämpad' }),
      line('Cannondale', 'Trail', ['8', '7', '6', '5'], 0.1, { suspension: 'Framfjädring' }),
      line('Cannondale', 'Habit', ['4', '3'], 0.7, { suspension: 'Heldämpad' }),
      line('Merida', 'Big.Nine', ['60', '100', '300'], 0.15, { suspension: 'Framfjädring' }),
      line('Merida', 'One-Twenty', ['400', '600'], 0.6, { suspension: 'Heldämpad' }),
      line('Kona', 'Lava Dome', [''], 0.1, { suspension: 'Framfjädring', wheel: '27,5"' }),
      line('Kona', 'Fire Mountain', [''], 0.15, { suspension: 'Framfjädring', wheel: '27,5"' }),
      line('Kona', 'Honzo', ['', 'ST', 'DL'], 0.4, { suspension: 'Framfjädring' }),
      line('Kona', 'Process 134', ['', 'DL'], 0.75, { suspension: 'Heldämpad' }),
      line('Kross', 'Level', ['1.0', '3.0', '5.0'], 0.05, { suspension: 'Framfjädring' }),
      line('Nishiki', 'Colorado', ['27,5"', '29"'], 0.0, { suspension: 'Framfjädring' }),
    ],
  },
  {
    kind: 'racercykel',
    share: 35,
    priceKr: [8999, 59999],
    weightGrams: [9000, 10500],
    colours: ['svart', 'vit', 'gra', 'rod', 'bla', 'marinbla', 'turkos', 'gul', 'silver'],
    lines: [
      line('Trek', 'Domane', ['AL 2', 'AL 3', 'AL 4', 'SL 5', 'SL 6'], 0.35),
      line('Trek', 'Émonda', ['ALR 5', 'SL 5', 'SL 6'], 0.6),
      line('Trek', 'Madone', ['SL 6', 'SL 7'], 0.9, { frame: 'Kolfiber' }),
      line('Specialized', 'Allez', ['', 'Sport', 'Elite'], 0.15),
      line('Specialized', 'Tarmac SL7', ['Sport', 'Comp'], 0.75, { frame: 'Kolfiber' }),
      line('Specialized', 'Roubaix', ['Sport', 'Comp'], 0.7, { frame: 'Kolfiber' }),
      line('Bianchi', 'Via Nirone 7', ['Sora', '105'], 0.15),
      line('Bianchi', 'Sprint', ['105', 'Ultegra'], 0.55, { frame: 'Kolfiber' }),
      line('Bianchi', 'Infinito', ['105', 'Ultegra Di2'], 0.7, { frame: 'Kolfiber' }),
      line('Bianchi', 'Oltre', ['Comp', 'Pro'], 0.9, { frame: 'Kolfiber' }),
      line('Cannondale', 'CAAD Optimo', ['3', '1'], 0.1),
      line('Cannondale', 'CAAD13', ['105', 'Ultegra'], 0.4),
      line('Cannondale', 'SuperSix EVO', ['4', '3'], 0.75, { frame: 'Kolfiber' }),
      line('Cannondale', 'Synapse', ['Carbon 4', 'Carbon 3'], 0.6, { frame: 'Kolfiber' }),
      line('Giant', 'Contend', ['AR 3', 'AR 1'], 0.15),
      line('Giant', 'TCR Advanced', ['2', '1', 'Pro 1'], 0.65, { frame: 'Kolfiber' }),
      line('Giant', 'Defy Advanced', ['3', '2'], 0.55, { frame: 'Kolfiber' }),
      line('Scott', 'Speedster', ['30', '20', '10'], 0.15),
      line('Scott', 'Addict', ['30', '20'], 0.65, { frame: 'Kolfiber' }),
      line('Scott', 'Foil RC', ['30', '20'], 0.85, { frame: 'Kolfiber' }),
      line('Cube', 'Attain', ['', 'Race', 'SL', 'GTC SL'], 0.2),
      line('Cube', 'Agree C:62', ['Race', 'SL'], 0.6, { frame: 'Kolfiber' }),
      line('Merida', 'Scultura', ['Rim 100', '400', 'Endurance 6000'], 0.35),
      line('Merida', 'Reacto', ['4000', '6000'], 0.75, { frame: 'Kolfiber' }),
      line('Kross', 'Vento', ['2.0', '4.0'], 0.05),
    ],
  },
  {
    kind: 'gravelcykel',
    share: 30,
    priceKr: [8999, 59999],
    weightGrams: [9500, 11500],
    colours: ['olivgron', 'beige', 'svart', 'gra', 'marinbla', 'orange', 'brun', 'turkos', 'lila'],
    lines: [
      line('Specialized', 'Diverge', ['E5', 'E5 Comp', 'Sport Carbon', 'Comp Carbon'], 0.5),
      line('Specialized', 'Crux', ['Comp', 'Expert'], 0.85, { frame: 'Kolfiber' }),
      line('Trek', 'Checkpoint', ['ALR 4', 'ALR 5', 'SL 5', 'SL 6'], 0.45),
      line('Cannondale', 'Topstone', ['4', '3', '2', '1', 'Carbon 4'], 0.3),
      line('Giant', 'Revolt', ['2', '1', 'Advanced 2'], 0.3),
      line('Scott', 'Speedster Gravel', ['30', '20', '10'], 0.25),
      line('Scott', 'Addict Gravel', ['30', '20'], 0.8, { frame: 'Kolfiber' }),
      line('Cube', 'Nuroad', ['', 'Pro', 'Race', 'C:62 SL'], 0.2),
      line('Kona', 'Rove', ['', 'ST', 'DL'], 0.3, { frame: 'Stål' }),
      line('Kona', 'Sutra', ['', 'LTD'], 0.45, { frame: 'Stål' }),
      line('Kona', 'Libre', ['', 'DL'], 0.55),
      line('Bianchi', 'Arcadex', ['GRX 600', 'GRX 810'], 0.75, { frame: 'Kolfiber' }),
      line('Bianchi', 'Impulso Allroad', ['GRX 400', 'GRX 600'], 0.4),
      line('Merida', 'Silex', ['200', '400', '700'], 0.35),
      line('Kross', 'Esker', ['2.0', '4.0', '6.0'], 0.1),
    ],
  },
  {
    kind: 'barncykel',
    share: 30,
    priceKr: [1999, 5999],
    weightGrams: [9000, 12000],
    colours: ['rosa', 'lila', 'bla', 'rod', 'gron', 'gul', 'orange', 'turkos', 'svart', 'vit'],
    lines: [
      line('Crescent', 'Nova', ['16"', '20"', '24"'], 0.3),
      line('Crescent', 'Nixie', ['12"', '14"', '16"'], 0.2),
      line('Monark', 'Kid', ['12"', '16"', '20"'], 0.2, { frame: 'Stål' }),
      line('Monark', 'Junior', ['20" 3-vxl', '24" 3-vxl'], 0.35, { frame: 'Stål' }),
      line('Skeppshult', 'Pärlan', ['16"', '20"', '20" 3-vxl'], 0.7),
      line('Skeppshult', 'Kid', ['16"', '20"', '24" 7-vxl'], 0.65),
      line('Specialized', 'Jett', ['16"', '20"', '24"'], 0.6),
      line('Specialized', 'Riprock', ['20"', '24"'], 0.85),
      line('Trek', 'Precaliber', ['12"', '16"', '20"', '24"'], 0.5),
      line('Trek', 'Wahoo', ['20"', '24"'], 0.9),
      line('Cube', 'Acid', ['16"', '20"', '24"'], 0.55),
      line('Giant', 'ARX', ['16"', '20"', '24"'], 0.45),
      line('Nishiki', 'Junior', ['12"', '16"', '20"'], 0.05),
      line('Kross', 'Hexagon Mini', ['20"', '24"'], 0.25),
    ],
  },
  {
    kind: 'ladcykel',
    share: 14,
    priceKr: [29999, 59999],
    weightGrams: [30000, 35000],
    colours: ['svart', 'gra', 'gron', 'marinbla', 'beige', 'olivgron', 'vit'],
    lines: [
      line('Babboe', 'Big', ['-E', 'Mountain-E'], 0.2, {
        wheels: '3',
        capacity: '4 barn eller 100 kg',
      }),
      line('Babboe', 'Curve', ['-E', 'Mountain-E'], 0.3, {
        wheels: '3',
        capacity: '4 barn eller 100 kg',
      }),
      line('Babboe', 'City', ['-E', 'Mountain-E'], 0.15, {
        wheels: '2',
        capacity: '2 barn eller 80 kg',
      }),
      line('Babboe', 'Carve', ['-E', 'Mountain-E'], 0.35, {
        wheels: '3',
        capacity: '4 barn eller 100 kg',
      }),
      line('Babboe', 'Pro Bike', ['-E'], 0.4, { wheels: '2', capacity: '100 kg last' }),
      line('Urban Arrow', 'Family', ['Performance Line', 'Cargo Line'], 0.75, {
        wheels: '2',
        capacity: '3 barn eller 125 kg',
      }),
      line('Urban Arrow', 'Shorty', ['Performance Line', 'Cargo Line'], 0.7, {
        wheels: '2',
        capacity: '2 barn eller 100 kg',
      }),
      line('Riese & Müller', 'Load 75', ['touring', 'vario'], 0.95, {
        wheels: '2',
        capacity: '3 barn eller 200 kg',
      }),
      line('Riese & Müller', 'Packster 70', ['touring', 'vario'], 0.85, {
        wheels: '2',
        capacity: '2 barn eller 180 kg',
      }),
      line('Kross', 'Cargo Hybrid', ['2.0'], 0.05, { wheels: '2', capacity: '2 barn eller 80 kg' }),
    ],
  },
  {
    kind: 'hjalm',
    share: 45,
    priceKr: [499, 2999],
    weightGrams: [230, 480],
    colours: [
      'svart',
      'vit',
      'gra',
      'marinbla',
      'rod',
      'gron',
      'orange',
      'gul',
      'rosa',
      'turkos',
      'beige',
    ],
    lines: [
      line('POC', 'Omne Air MIPS', [''], 0.6, { type: 'Pendlarhjälm', protection: 'MIPS' }),
      line('POC', 'Omne Lite', [''], 0.5, { type: 'Pendlarhjälm', protection: 'Standard' }),
      line('POC', 'Ventral Air MIPS', [''], 0.95, { type: 'Landsvägshjälm', protection: 'MIPS' }),
      line('POC', 'Axion Race MIPS', [''], 0.7, { type: 'MTB-hjälm', protection: 'MIPS' }),
      line('POC', 'Kortal', [''], 0.85, { type: 'MTB-hjälm', protection: 'MIPS' }),
      line('POC', 'POCito Omne MIPS', [''], 0.55, { type: 'Barnhjälm', protection: 'MIPS' }),
      line('Abus', 'Hyban 2.0', ['', 'MIPS'], 0.3, {
        type: 'Pendlarhjälm',
        protection: 'Standard',
      }),
      line('Abus', 'Pedelec 2.0', ['', 'ACE'], 0.35, {
        type: 'Pendlarhjälm',
        protection: 'Standard',
      }),
      line('Abus', 'Macator', ['', 'MIPS'], 0.2, {
        type: 'Landsvägshjälm',
        protection: 'Standard',
      }),
      line('Abus', 'Aduro 3.0', [''], 0.15, { type: 'Pendlarhjälm', protection: 'Standard' }),
      line('Abus', 'Youn-I 2.0', [''], 0.15, { type: 'Pendlarhjälm', protection: 'Standard' }),
      line('Abus', 'Smiley 3.0', [''], 0.0, { type: 'Barnhjälm', protection: 'Standard' }),
      line('Abus', 'GameChanger 2.0', ['', 'MIPS'], 0.9, {
        type: 'Landsvägshjälm',
        protection: 'Standard',
      }),
      line('Giro', 'Register MIPS', [''], 0.15, { type: 'Pendlarhjälm', protection: 'MIPS' }),
      line('Giro', 'Fixture MIPS', ['', 'II'], 0.2, { type: 'MTB-hjälm', protection: 'MIPS' }),
      line('Giro', 'Syntax MIPS', [''], 0.5, { type: 'Landsvägshjälm', protection: 'MIPS' }),
      line('Giro', 'Agilis MIPS', [''], 0.55, { type: 'Landsvägshjälm', protection: 'MIPS' }),
      line('Giro', 'Scamp MIPS', ['', 'II'], 0.1, { type: 'Barnhjälm', protection: 'MIPS' }),
      line('Lazer', 'Tonic KinetiCore', [''], 0.2, {
        type: 'Landsvägshjälm',
        protection: 'KinetiCore',
      }),
      line('Lazer', 'Compact', ['', 'DLX'], 0.0, { type: 'Pendlarhjälm', protection: 'Standard' }),
      line('Lazer', 'Codax KinetiCore', [''], 0.3, {
        type: 'Pendlarhjälm',
        protection: 'KinetiCore',
      }),
      line('Lazer', 'Strada KinetiCore', [''], 0.3, {
        type: 'Landsvägshjälm',
        protection: 'KinetiCore',
      }),
      line('Lazer', 'Nutz KinetiCore', [''], 0.05, { type: 'Barnhjälm', protection: 'KinetiCore' }),
      line('Bontrager', 'Starvos WaveCel', [''], 0.45, {
        type: 'Landsvägshjälm',
        protection: 'WaveCel',
      }),
      line('Bontrager', 'Solstice MIPS', [''], 0.15, { type: 'Pendlarhjälm', protection: 'MIPS' }),
      line('Bontrager', 'Quantum MIPS', [''], 0.4, { type: 'Landsvägshjälm', protection: 'MIPS' }),
      line('Bontrager', 'Little Dipper MIPS', [''], 0.05, {
        type: 'Barnhjälm',
        protection: 'MIPS',
      }),
      line('Specialized', 'Align II', ['', 'MIPS'], 0.15, {
        type: 'Pendlarhjälm',
        protection: 'MIPS',
      }),
      line('Specialized', 'Chamonix 3', [''], 0.35, { type: 'Landsvägshjälm', protection: 'MIPS' }),
      line('Specialized', 'Tactic 4', [''], 0.55, { type: 'MTB-hjälm', protection: 'MIPS' }),
      line('Specialized', 'Propero 4', [''], 0.6, { type: 'Landsvägshjälm', protection: 'MIPS' }),
      line('Hamax', 'Thundercap', [''], 0.05, { type: 'Barnhjälm', protection: 'Standard' }),
      line('Bobike', 'Kids Plus', [''], 0.05, { type: 'Barnhjälm', protection: 'Standard' }),
    ],
  },
  {
    kind: 'las',
    share: 35,
    priceKr: [199, 1999],
    weightGrams: [250, 2900],
    colours: ['svart', 'gul', 'gra', 'rod', 'bla', 'orange'],
    lines: [
      line('Abus', 'Granit X-Plus 540', ['', '230 mm', '300 mm'], 0.75, {
        type: 'Bygellås',
        level: 'Nivå 15',
        ssf: 'ja',
      }),
      line('Abus', 'Granit Plus 640', ['', '150 cm'], 0.7, {
        type: 'Bygellås',
        level: 'Nivå 12',
        ssf: 'ja',
      }),
      line('Abus', 'Ultra 410', ['', '170 mm'], 0.3, { type: 'Bygellås', level: 'Nivå 9' }),
      line('Abus', 'Ultimate 420', [''], 0.35, { type: 'Bygellås', level: 'Nivå 10' }),
      line('Abus', 'Bordo 6000', ['90 cm', '120 cm'], 0.6, {
        type: 'Vikbart lås',
        level: 'Nivå 10',
      }),
      line('Abus', 'Bordo Granit X-Plus 6500', ['85 cm', '110 cm'], 0.95, {
        type: 'Vikbart lås',
        level: 'Nivå 15',
        ssf: 'ja',
      }),
      line('Abus', 'Bordo Big 6100', ['120 cm'], 0.55, { type: 'Vikbart lås', level: 'Nivå 9' }),
      line('Abus', 'Pro Tectic 4960', ['', 'NR'], 0.3, {
        type: 'Ramlås',
        level: 'Nivå 7',
        ssf: 'ja',
      }),
      line('Abus', 'Pro Amparo 4750S', [''], 0.45, { type: 'Ramlås', level: 'Nivå 9', ssf: 'ja' }),
      line('Abus', 'Ivera Chain 7210', ['85 cm', '110 cm'], 0.2, {
        type: 'Kättinglås',
        level: 'Nivå 5',
      }),
      line('Abus', 'Catena 6806K', ['85 cm', '110 cm'], 0.5, {
        type: 'Kättinglås',
        level: 'Nivå 9',
      }),
      line('Abus', 'Steel-O-Flex Iven 8200', ['85 cm', '110 cm'], 0.15, {
        type: 'Vajerlås',
        level: 'Nivå 5',
      }),
      line('Kryptonite', 'New York Standard', [''], 0.8, { type: 'Bygellås', level: 'Nivå 15' }),
      line('Kryptonite', 'Evolution Mini-7', [''], 0.55, { type: 'Bygellås', level: 'Nivå 12' }),
      line('Kryptonite', 'Kryptolok Series 2', ['Standard', 'Mini'], 0.35, {
        type: 'Bygellås',
        level: 'Nivå 10',
      }),
      line('Kryptonite', 'Keeper 785', ['Integrated Chain'], 0.3, {
        type: 'Kättinglås',
        level: 'Nivå 7',
      }),
      line('Kryptonite', 'Fahgettaboudit Mini', [''], 0.95, { type: 'Bygellås', level: 'Nivå 20' }),
      line('Trelock', 'RS 350 Protect-O-Connect', [''], 0.35, {
        type: 'Ramlås',
        level: 'Nivå 9',
        ssf: 'ja',
      }),
      line('Trelock', 'RS 450 Balloon', [''], 0.4, { type: 'Ramlås', level: 'Nivå 9', ssf: 'ja' }),
      line('Trelock', 'FS 455 Toro', ['85 cm'], 0.5, { type: 'Vikbart lås', level: 'Nivå 10' }),
      line('Trelock', 'BS 650', ['', '108 mm'], 0.55, { type: 'Bygellås', level: 'Nivå 12' }),
      line('Trelock', 'BC 260', ['110 cm'], 0.25, { type: 'Kättinglås', level: 'Nivå 7' }),
      line('Abus', 'Bordo Lite 6055', ['85 cm', '100 cm'], 0.4, {
        type: 'Vikbart lås',
        level: 'Nivå 7',
      }),
      line('Abus', 'uGrip Bordo 5700', ['80 cm'], 0.45, { type: 'Vikbart lås', level: 'Nivå 7' }),
      line('Kryptonite', 'KryptoFlex 1018', [''], 0.05, { type: 'Vajerlås', level: 'Nivå 5' }),
      line('Trelock', 'BS 450', ['102 mm'], 0.3, { type: 'Bygellås', level: 'Nivå 9' }),
    ],
  },
  {
    kind: 'belysning',
    share: 35,
    priceKr: [149, 1499],
    weightGrams: [50, 300],
    colours: ['svart', 'silver', 'gra', 'vit', 'rod'],
    lines: [
      line('Lezyne', 'Lite Drive 1000XL', [''], 0.65, { type: 'Framlampa', lumen: '1000' }),
      line('Lezyne', 'Macro Drive 1400+', [''], 0.85, { type: 'Framlampa', lumen: '1400' }),
      line('Lezyne', 'Micro Drive 600XL', [''], 0.45, { type: 'Framlampa', lumen: '600' }),
      line('Lezyne', 'Strip Drive Pro 300+', [''], 0.35, { type: 'Baklampa', lumen: '300' }),
      line('Lezyne', 'KTV Drive', ['Pro Pair', 'Pair'], 0.25, { type: 'Lampset', lumen: '200' }),
      line('Knog', 'Blinder 400', [''], 0.55, { type: 'Framlampa', lumen: '400' }),
      line('Knog', 'Plus', ['Front', 'Rear', 'Twinpack'], 0.1, { type: 'Lampset', lumen: '40' }),
      line('Knog', 'PWR Road 600', [''], 0.6, { type: 'Framlampa', lumen: '600' }),
      line('Knog', 'Cobber Mid', ['Rear'], 0.5, { type: 'Baklampa', lumen: '170' }),
      line('Knog', 'Frog', ['Twinpack'], 0.05, { type: 'Lampset', lumen: '30' }),
      line('Sigma', 'Aura 60', ['USB', 'USB + Nugget II'], 0.3, { type: 'Framlampa', lumen: '60' }),
      line('Sigma', 'Aura 80', ['USB'], 0.35, { type: 'Framlampa', lumen: '80' }),
      line('Sigma', 'Buster 800', [''], 0.7, { type: 'Framlampa', lumen: '800' }),
      line('Sigma', 'Blaze', ['Link'], 0.3, { type: 'Baklampa', lumen: '25' }),
      line('Sigma', 'Nugget II', ['Flash'], 0.05, { type: 'Baklampa', lumen: '15' }),
      line('Trelock', 'LS 760 I-Go Vision', [''], 0.5, { type: 'Framlampa', lumen: '70' }),
      line('Trelock', 'LS 300 I-Go Eco', ['+ LS 720'], 0.25, { type: 'Lampset', lumen: '30' }),
      line('Bontrager', 'Ion 200 RT', [''], 0.4, { type: 'Framlampa', lumen: '200' }),
      line('Bontrager', 'Flare RT', [''], 0.4, { type: 'Baklampa', lumen: '90' }),
      line('Bontrager', 'Ion Pro RT', ['/ Flare RT Set'], 0.95, { type: 'Lampset', lumen: '1300' }),
      line('Lezyne', 'Hecto Drive 500XL', [''], 0.5, { type: 'Framlampa', lumen: '500' }),
      line('Lezyne', 'Zecto Drive 250+', [''], 0.3, { type: 'Baklampa', lumen: '250' }),
      line('Lezyne', 'Femto USB Drive', ['Pair'], 0.1, { type: 'Lampset', lumen: '15' }),
      line('Knog', 'Blinder Mini', ['Cross', 'Square'], 0.2, { type: 'Baklampa', lumen: '50' }),
      line('Knog', 'Blinder Road 600', [''], 0.7, { type: 'Framlampa', lumen: '600' }),
      line('Sigma', 'Aura 100', [''], 0.5, { type: 'Framlampa', lumen: '100' }),
      line('Sigma', 'Buster 1100', ['HL'], 0.9, { type: 'Framlampa', lumen: '1100' }),
      line('Trelock', 'LS 600 I-Go Control', [''], 0.45, { type: 'Framlampa', lumen: '50' }),
      line('Bontrager', 'Ion 100 R', [''], 0.2, { type: 'Framlampa', lumen: '100' }),
      line('Bontrager', 'Flare R City', [''], 0.15, { type: 'Baklampa', lumen: '35' }),
    ],
  },
  {
    kind: 'cykelvaska',
    share: 30,
    priceKr: [399, 2499],
    weightGrams: [350, 1800],
    colours: ['svart', 'gra', 'rod', 'gul', 'bla', 'beige', 'gron', 'olivgron', 'marinbla'],
    lines: [
      line('Ortlieb', 'Back-Roller Classic', ['40 l par'], 0.85, {
        type: 'Pakethållarväska',
        volume: '40 l',
        waterproof: 'ja',
      }),
      line('Ortlieb', 'Back-Roller City', ['40 l par', '20 l'], 0.65, {
        type: 'Pakethållarväska',
        volume: '40 l',
        waterproof: 'ja',
      }),
      line('Ortlieb', 'Front-Roller Classic', ['25 l par'], 0.75, {
        type: 'Pakethållarväska',
        volume: '25 l',
        waterproof: 'ja',
      }),
      line('Ortlieb', 'Commuter-Bag', ['Two QL2.1', 'Urban QL3.1'], 0.7, {
        type: 'Pakethållarväska',
        volume: '20 l',
        waterproof: 'ja',
      }),
      line('Ortlieb', 'Handlebar-Pack', ['9 l', '15 l'], 0.55, {
        type: 'Styrväska',
        volume: '15 l',
        waterproof: 'ja',
      }),
      line('Ortlieb', 'Seat-Pack', ['11 l', '16,5 l'], 0.6, {
        type: 'Sadelväska',
        volume: '16,5 l',
        waterproof: 'ja',
      }),
      line('Ortlieb', 'Velocity', ['23 l'], 0.65, {
        type: 'Cykelryggsäck',
        volume: '23 l',
        waterproof: 'ja',
      }),
      line('Thule', 'Shield Pannier', ['17 l', '25 l'], 0.65, {
        type: 'Pakethållarväska',
        volume: '25 l',
        waterproof: 'ja',
      }),
      line('Thule', 'Pack n Pedal Commuter', ['Pannier'], 0.5, {
        type: 'Pakethållarväska',
        volume: '18 l',
        waterproof: 'nej',
      }),
      line('Thule', 'Paramount', ['Commuter 27 l'], 0.8, {
        type: 'Cykelryggsäck',
        volume: '27 l',
        waterproof: 'nej',
      }),
      line('Thule', 'Shield Handlebar Bag', [''], 0.45, {
        type: 'Styrväska',
        volume: '5 l',
        waterproof: 'ja',
      }),
      line('Basil', 'Mara XL', [''], 0.3, {
        type: 'Pakethållarväska',
        volume: '19 l',
        waterproof: 'nej',
      }),
      line('Basil', 'Miles Tarpaulin', ['Double', 'Single'], 0.4, {
        type: 'Pakethållarväska',
        volume: '34 l',
        waterproof: 'ja',
      }),
      line('Basil', 'B-Safe Commuter', ['Nordlicht'], 0.45, {
        type: 'Pakethållarväska',
        volume: '18 l',
        waterproof: 'ja',
      }),
      line('Basil', 'Bloom Field', ['Shopper'], 0.35, {
        type: 'Pakethållarväska',
        volume: '15 l',
        waterproof: 'nej',
      }),
      line('Basil', 'Cento', ['Flower Front'], 0.2, {
        type: 'Cykelkorg',
        volume: '16 l',
        waterproof: 'nej',
      }),
      line('Topeak', 'MTX TrunkBag', ['EX', 'DXP'], 0.35, {
        type: 'Pakethållarväska',
        volume: '8 l',
        waterproof: 'nej',
      }),
      line('Topeak', 'BackLoader', ['6 l', '10 l'], 0.45, {
        type: 'Sadelväska',
        volume: '10 l',
        waterproof: 'ja',
      }),
      line('Topeak', 'MidLoader', ['3 l', '4,5 l'], 0.2, {
        type: 'Ramväska',
        volume: '4,5 l',
        waterproof: 'nej',
      }),
      line('Ortlieb', 'Sport-Roller Classic', ['25 l par'], 0.7, {
        type: 'Pakethållarväska',
        volume: '25 l',
        waterproof: 'ja',
      }),
      line('Ortlieb', 'Frame-Pack', ['4 l', '6 l'], 0.45, {
        type: 'Ramväska',
        volume: '6 l',
        waterproof: 'ja',
      }),
      line('Thule', 'Pack n Pedal Handlebar Bag', [''], 0.3, {
        type: 'Styrväska',
        volume: '4 l',
        waterproof: 'nej',
      }),
      line('Basil', 'Sport Design Double', ['32 l'], 0.3, {
        type: 'Pakethållarväska',
        volume: '32 l',
        waterproof: 'nej',
      }),
    ],
  },
  {
    kind: 'pump',
    share: 22,
    priceKr: [199, 899],
    weightGrams: [70, 2900],
    colours: ['svart', 'silver', 'rod', 'gra', 'bla'],
    lines: [
      line('Topeak', 'JoeBlow Sport', ['III', '2Stage'], 0.5, { type: 'Golvpump', bar: '11' }),
      line('Topeak', 'JoeBlow Max HP', [''], 0.6, { type: 'Golvpump', bar: '11' }),
      line('Topeak', 'Mini Morph', [''], 0.3, { type: 'Minipump', bar: '11' }),
      line('Topeak', 'RaceRocket', ['', 'HP'], 0.25, { type: 'Minipump', bar: '11' }),
      line('Topeak', 'Pocket Rocket', [''], 0.2, { type: 'Minipump', bar: '11' }),
      line('Topeak', 'Pocketshock DXG', [''], 0.55, { type: 'Stötdämparpump', bar: '24' }),
      line('Lezyne', 'Classic Floor Drive', [''], 0.7, { type: 'Golvpump', bar: '15' }),
      line('Lezyne', 'Sport Floor Drive', ['3.5'], 0.5, { type: 'Golvpump', bar: '11' }),
      line('Lezyne', 'Pressure Drive', ['S', 'M'], 0.3, { type: 'Minipump', bar: '8' }),
      line('Lezyne', 'Road Drive', ['S', 'M'], 0.35, { type: 'Minipump', bar: '11' }),
      line('Lezyne', 'Trigger Drive', ['CO2'], 0.15, { type: 'CO2-pump', bar: '11' }),
      line('Bontrager', 'Charger', [''], 0.45, { type: 'Golvpump', bar: '11' }),
      line('Bontrager', 'Air Rush', ['Road', 'Elite'], 0.3, { type: 'Minipump', bar: '8' }),
      line('Bontrager', 'TLR Flash Charger', [''], 0.95, { type: 'Golvpump', bar: '11' }),
      line('Giant', 'Control Tower', ['2', 'Boost'], 0.55, { type: 'Golvpump', bar: '11' }),
      line('Giant', 'Control Mini', ['Combo'], 0.2, { type: 'Minipump', bar: '7' }),
    ],
  },
  {
    kind: 'dack',
    share: 40,
    priceKr: [199, 899],
    weightGrams: [250, 1000],
    colours: ['svart', 'beige', 'brun', 'gra'],
    lines: [
      line('Schwalbe', 'Marathon Plus', ['28"', '26"', '20"'], 0.5, {
        type: 'Pendling',
        protection: 'SmartGuard 5 mm',
      }),
      line('Schwalbe', 'Marathon', ['28"', '26"'], 0.35, {
        type: 'Pendling',
        protection: 'GreenGuard 3 mm',
      }),
      line('Schwalbe', 'Big Apple', ['28"', '26"'], 0.4, {
        type: 'Pendling',
        protection: 'RaceGuard',
      }),
      line('Schwalbe', 'Energizer Plus', ['28"'], 0.45, {
        type: 'Pendling',
        protection: 'GreenGuard 3 mm',
      }),
      line('Schwalbe', 'Lugano II', ['700C'], 0.1, { type: 'Landsväg', protection: 'K-Guard' }),
      line('Schwalbe', 'Pro One', ['700C TLE'], 0.95, { type: 'Landsväg', protection: 'V-Guard' }),
      line('Schwalbe', 'G-One Allround', ['700C', '29"'], 0.8, {
        type: 'Grus',
        protection: 'RaceGuard',
      }),
      line('Schwalbe', 'Nobby Nic', ['29"', '27,5"'], 0.8, {
        type: 'Terräng',
        protection: 'SnakeSkin',
      }),
      line('Schwalbe', 'Marathon Winter Plus', ['28"', '26"'], 0.9, {
        type: 'Vinterdäck med dubb',
        protection: 'SmartGuard 3 mm',
        studs: '240',
      }),
      line('Schwalbe', 'Winter', ['28"', '26"'], 0.6, {
        type: 'Vinterdäck med dubb',
        protection: 'K-Guard',
        studs: '116',
      }),
      line('Continental', 'Grand Prix 5000', ['700C', '700C S TR'], 0.9, {
        type: 'Landsväg',
        protection: 'Vectran Breaker',
      }),
      line('Continental', 'Ultra Sport III', ['700C'], 0.15, {
        type: 'Landsväg',
        protection: 'PureGrip',
      }),
      line('Continental', 'Gatorskin', ['700C'], 0.55, {
        type: 'Landsväg',
        protection: 'DuraSkin',
      }),
      line('Continental', 'Contact Plus', ['28"', '26"'], 0.45, {
        type: 'Pendling',
        protection: 'SafetyPlus Breaker',
      }),
      line('Continental', 'Terra Trail', ['700C'], 0.7, { type: 'Grus', protection: 'ShieldWall' }),
      line('Continental', 'Race King', ['29"', '27,5"'], 0.6, {
        type: 'Terräng',
        protection: 'ShieldWall',
      }),
      line('Continental', 'Top Contact Winter II', ['28"'], 0.75, {
        type: 'Vinterdäck med dubb',
        protection: 'Vectran Breaker',
        studs: 'dubbfritt vintermönster',
      }),
      line('Continental', 'Spike Claw', ['28"', '26"'], 0.7, {
        type: 'Vinterdäck med dubb',
        protection: 'PureGrip',
        studs: '120',
      }),
      line('Bontrager', 'R3 Hard-Case Lite', ['700C'], 0.5, {
        type: 'Landsväg',
        protection: 'Hard-Case Lite',
      }),
      line('Bontrager', 'XR3 Team Issue', ['29"'], 0.55, {
        type: 'Terräng',
        protection: 'Inner Strength',
      }),
      line('Schwalbe', 'Marathon Mondial', ['28"'], 0.75, {
        type: 'Pendling',
        protection: 'DoubleDefense',
      }),
      line('Schwalbe', 'Road Cruiser', ['28"', '26"'], 0.05, {
        type: 'Pendling',
        protection: 'K-Guard',
      }),
      line('Schwalbe', 'Smart Sam', ['29"', '28"'], 0.3, {
        type: 'Terräng',
        protection: 'K-Guard',
      }),
      line('Continental', 'Ride Tour', ['28"', '26"'], 0.1, {
        type: 'Pendling',
        protection: 'ExtraPuncture Belt',
      }),
      line('Continental', 'Contact Urban', ['28"', '20"'], 0.5, {
        type: 'Pendling',
        protection: 'SafetyPro Breaker',
      }),
      line('Continental', 'Cross King', ['29"', '27,5"'], 0.5, {
        type: 'Terräng',
        protection: 'ShieldWall',
      }),
    ],
  },
  {
    kind: 'slang',
    share: 24,
    priceKr: [49, 149],
    weightGrams: [50, 260],
    colours: ['svart'],
    lines: [
      line('Schwalbe', 'SV17', ['28x1.10–1.75'], 0.4, {
        valve: 'Presta (racerventil)',
        wheel: '28"',
        dim: '28/47-622',
        vl: '40 mm',
      }),
      line('Schwalbe', 'AV17', ['28x1.10–1.75'], 0.4, {
        valve: 'Schrader (bilventil)',
        wheel: '28"',
        dim: '28/47-622',
        vl: '40 mm',
      }),
      line('Schwalbe', 'DV17', ['28x1.10–1.75'], 0.35, {
        valve: 'Dunlop (cykelventil)',
        wheel: '28"',
        dim: '28/47-622',
        vl: '40 mm',
      }),
      line('Schwalbe', 'SV15', ['700x18–28C'], 0.45, {
        valve: 'Presta (racerventil)',
        wheel: '28"',
        dim: '18/28-622',
        vl: '60 mm',
      }),
      line('Schwalbe', 'AV13', ['26x1.50–2.40'], 0.35, {
        valve: 'Schrader (bilventil)',
        wheel: '26"',
        dim: '40/62-559',
        vl: '40 mm',
      }),
      line('Schwalbe', 'SV19', ['29x1.50–2.40'], 0.45, {
        valve: 'Presta (racerventil)',
        wheel: '29"',
        dim: '40/62-622',
        vl: '40 mm',
      }),
      line('Schwalbe', 'DV7', ['20x1.50–2.40'], 0.2, {
        valve: 'Dunlop (cykelventil)',
        wheel: '20"',
        dim: '40/62-406',
        vl: '40 mm',
      }),
      line('Schwalbe', 'Aerothan', ['700x28–38C'], 1, {
        valve: 'Presta (racerventil)',
        wheel: '28"',
        dim: '28/38-622',
        vl: '50 mm',
      }),
      line('Continental', 'Race 28', ['700x20–25C'], 0.45, {
        valve: 'Presta (racerventil)',
        wheel: '28"',
        dim: '20/25-622',
        vl: '60 mm',
      }),
      line('Continental', 'Tour 28', ['28x1.25–1.75', 'All Season'], 0.4, {
        valve: 'Dunlop (cykelventil)',
        wheel: '28"',
        dim: '32/47-622',
        vl: '40 mm',
      }),
      line('Continental', 'MTB 29', ['29x1.75–2.50'], 0.45, {
        valve: 'Presta (racerventil)',
        wheel: '29"',
        dim: '47/62-622',
        vl: '42 mm',
      }),
      line('Continental', 'Compact 16', ['16x1.75–2.50'], 0.1, {
        valve: 'Schrader (bilventil)',
        wheel: '16"',
        dim: '47/62-305',
        vl: '40 mm',
      }),
      line('Continental', 'Compact 20', ['20x1.25–1.75'], 0.15, {
        valve: 'Schrader (bilventil)',
        wheel: '20"',
        dim: '32/47-406',
        vl: '40 mm',
      }),
      line('Bontrager', 'Standard', ['700x35–44C'], 0.1, {
        valve: 'Presta (racerventil)',
        wheel: '28"',
        dim: '35/44-622',
        vl: '48 mm',
      }),
      line('Bontrager', 'Standard', ['26x1.75–2.125'], 0.1, {
        valve: 'Schrader (bilventil)',
        wheel: '26"',
        dim: '47/57-559',
        vl: '48 mm',
      }),
      line('Bontrager', 'Self-Sealing', ['700x35–44C'], 0.8, {
        valve: 'Presta (racerventil)',
        wheel: '28"',
        dim: '35/44-622',
        vl: '48 mm',
      }),
      line('Schwalbe', 'SV13', ['26x1.50–2.40'], 0.4, {
        valve: 'Presta (racerventil)',
        wheel: '26"',
        dim: '40/62-559',
        vl: '40 mm',
      }),
      line('Schwalbe', 'DV13', ['26x1.50–2.40'], 0.35, {
        valve: 'Dunlop (cykelventil)',
        wheel: '26"',
        dim: '40/62-559',
        vl: '40 mm',
      }),
      line('Schwalbe', 'AV19', ['29x1.50–2.40'], 0.45, {
        valve: 'Schrader (bilventil)',
        wheel: '29"',
        dim: '40/62-622',
        vl: '40 mm',
      }),
      line('Schwalbe', 'AV10', ['24x1.50–2.50'], 0.2, {
        valve: 'Schrader (bilventil)',
        wheel: '24"',
        dim: '40/62-507',
        vl: '40 mm',
      }),
      line('Schwalbe', 'DV4', ['16x1.50–2.40'], 0.1, {
        valve: 'Dunlop (cykelventil)',
        wheel: '16"',
        dim: '40/62-305',
        vl: '40 mm',
      }),
      line('Continental', 'Tour 26', ['26x1.30–1.75'], 0.35, {
        valve: 'Dunlop (cykelventil)',
        wheel: '26"',
        dim: '32/47-559',
        vl: '40 mm',
      }),
      line('Continental', 'MTB 27.5', ['27,5x1.75–2.50'], 0.45, {
        valve: 'Presta (racerventil)',
        wheel: '27,5"',
        dim: '47/62-584',
        vl: '42 mm',
      }),
      line('Continental', 'Compact 24', ['24x1.25–1.75'], 0.2, {
        valve: 'Schrader (bilventil)',
        wheel: '24"',
        dim: '32/47-507',
        vl: '40 mm',
      }),
      line('Bontrager', 'Standard', ['29x2.00–2.40'], 0.15, {
        valve: 'Presta (racerventil)',
        wheel: '29"',
        dim: '50/62-622',
        vl: '48 mm',
      }),
    ],
  },
  {
    kind: 'klader',
    share: 50,
    priceKr: [299, 1999],
    weightGrams: [100, 550],
    colours: ['svart', 'marinbla', 'bla', 'rod', 'gul', 'gron', 'gra', 'vit', 'orange', 'lila'],
    lines: [
      line('Endura', 'Xtract Tröja', ['Herr', 'Dam'], 0.3, { garment: 'Cykeltröja' }),
      line('Endura', 'Pro SL Tröja', ['Herr', 'Dam'], 0.6, { garment: 'Cykeltröja' }),
      line('Endura', 'FS260 Bibshorts', ['Herr', 'Dam'], 0.5, { garment: 'Bibshorts' }),
      line('Endura', 'Hummvee Shorts', ['Herr', 'Dam'], 0.45, { garment: 'Cykelbyxor' }),
      line('Endura', 'GV500 Waterproof Jacka', ['Herr'], 0.9, { garment: 'Regnjacka' }),
      line('Endura', 'Windchill Jacka', ['Herr', 'Dam'], 0.75, { garment: 'Jacka' }),
      line('Endura', 'MT500 Regnjacka', ['Herr', 'Dam'], 0.95, { garment: 'Regnjacka' }),
      line('Craft', 'Core Essence Tröja', ['Herr', 'Dam'], 0.25, { garment: 'Cykeltröja' }),
      line('Craft', 'ADV Endur Bib Shorts', ['Herr', 'Dam'], 0.55, { garment: 'Bibshorts' }),
      line('Craft', 'Core Bike SubZ Jacka', ['Herr', 'Dam'], 0.6, { garment: 'Jacka' }),
      line('Craft', 'ADV Offroad Tröja', ['Herr', 'Dam'], 0.3, { garment: 'Cykeltröja' }),
      line('Craft', 'Core Endurance Bib Tights', ['Herr', 'Dam'], 0.5, { garment: 'Cykelbyxor' }),
      line('Craft', 'ADV Bike SubZ Lumen Väst', ['Herr', 'Dam'], 0.45, { garment: 'Väst' }),
      line('POC', 'Essential Road Tröja', ['Herr', 'Dam'], 0.45, { garment: 'Cykeltröja' }),
      line('POC', 'Pure-Lite Splash Jacka', ['Herr', 'Dam'], 0.8, { garment: 'Regnjacka' }),
      line('POC', 'Thermal Jacka', ['Herr', 'Dam'], 0.85, { garment: 'Jacka' }),
      line('POC', 'Ultimate VPDs Bib Shorts', ['Herr', 'Dam'], 0.9, { garment: 'Bibshorts' }),
      line('Specialized', 'RBX Tröja', ['Herr', 'Dam'], 0.4, { garment: 'Cykeltröja' }),
      line('Specialized', 'RBX Bib Shorts', ['Herr', 'Dam'], 0.55, { garment: 'Bibshorts' }),
      line('Specialized', 'Trail Tröja', ['Herr', 'Dam'], 0.3, { garment: 'Cykeltröja' }),
      line('Giro', 'Chrono Sport Tröja', ['Herr'], 0.3, { garment: 'Cykeltröja' }),
      line('Craft', 'Core Offroad Shorts', ['Herr', 'Dam'], 0.35, { garment: 'Cykelbyxor' }),
      line('Endura', 'Pro SL Lite Väst', ['Herr'], 0.55, { garment: 'Väst' }),
    ],
  },
  {
    kind: 'verktyg',
    share: 24,
    priceKr: [99, 1499],
    weightGrams: [50, 1600],
    colours: ['svart', 'bla', 'silver', 'rod'],
    lines: [
      line('Park Tool', 'IB-3 I-Beam Multiverktyg', [''], 0.45, {
        type: 'Multiverktyg',
        functions: '17',
      }),
      line('Park Tool', 'MTB-3.2 Rescue Tool', [''], 0.5, {
        type: 'Multiverktyg',
        functions: '18',
      }),
      line('Park Tool', 'TL-1.2 Däckavtagare', ['3-pack'], 0.0, {
        type: 'Däckavtagare',
        functions: '1',
      }),
      line('Park Tool', 'CT-3.3 Kedjebrytare', [''], 0.6, { type: 'Kedjebrytare', functions: '1' }),
      line('Park Tool', 'AWS-10 Insexnyckelsats', [''], 0.3, {
        type: 'Nyckelsats',
        functions: '8',
      }),
      line('Park Tool', 'PW-5 Pedalnyckel', [''], 0.35, { type: 'Specialverktyg', functions: '1' }),
      line('Park Tool', 'CC-3.2 Kedjemätare', [''], 0.25, {
        type: 'Specialverktyg',
        functions: '1',
      }),
      line('Park Tool', 'ATD-1.2 Momentnyckel', [''], 0.85, {
        type: 'Momentnyckel',
        functions: '7',
      }),
      line('Park Tool', 'TW-5.2 Momentnyckel', [''], 1, { type: 'Momentnyckel', functions: '1' }),
      line('Topeak', 'Mini 20 Pro', [''], 0.45, { type: 'Multiverktyg', functions: '20' }),
      line('Topeak', 'Alien II', [''], 0.55, { type: 'Multiverktyg', functions: '26' }),
      line('Topeak', 'Hexus X', [''], 0.35, { type: 'Multiverktyg', functions: '21' }),
      line('Topeak', 'Ratchet Rocket Lite DX', [''], 0.6, { type: 'Nyckelsats', functions: '16' }),
      line('Topeak', 'Shuttle Lever 2.1', [''], 0.0, { type: 'Däckavtagare', functions: '1' }),
      line('Lezyne', 'SV Pro 17', [''], 0.5, { type: 'Multiverktyg', functions: '17' }),
      line('Lezyne', 'Rap II 25', ['CO2'], 0.6, { type: 'Multiverktyg', functions: '25' }),
      line('Lezyne', 'Stainless 12', [''], 0.35, { type: 'Multiverktyg', functions: '12' }),
      line('Lezyne', 'Tubeless Kit', [''], 0.15, { type: 'Specialverktyg', functions: '3' }),
      line('Shimano', 'TL-CN28 Kedjebrytare', [''], 0.5, { type: 'Kedjebrytare', functions: '1' }),
      line('Shimano', 'TL-LR15 Kassettverktyg', [''], 0.15, {
        type: 'Specialverktyg',
        functions: '1',
      }),
      line('Shimano', 'TL-FC36 Vevlagerverktyg', [''], 0.3, {
        type: 'Specialverktyg',
        functions: '1',
      }),
      line('Shimano', 'PRO Minitool', ['16 funktioner', '22 funktioner'], 0.3, {
        type: 'Multiverktyg',
        functions: '16',
      }),
    ],
  },
  {
    kind: 'barnsits',
    share: 16,
    priceKr: [999, 3499],
    weightGrams: [2000, 3000],
    colours: ['svart', 'gra', 'rod', 'bla', 'rosa', 'gron', 'beige'],
    lines: [
      line('Thule', 'Yepp 2 Maxi', ['Pakethållare', 'Ramfäste'], 0.75, {
        position: 'Bak på pakethållare',
        maxKg: '22',
        age: '9 mån–6 år',
      }),
      line('Thule', 'Yepp 2 Mini', [''], 0.55, {
        position: 'Fram',
        maxKg: '15',
        age: '9 mån–3 år',
      }),
      line('Thule', 'RideAlong 2', [''], 0.9, {
        position: 'Bak med ramfäste',
        maxKg: '22',
        age: '9 mån–6 år',
      }),
      line('Thule', 'RideAlong Lite 2', [''], 0.65, {
        position: 'Bak med ramfäste',
        maxKg: '22',
        age: '9 mån–6 år',
      }),
      line('Thule', 'Yepp Nexxt 2 Maxi', ['Pakethållare'], 0.5, {
        position: 'Bak på pakethållare',
        maxKg: '22',
        age: '9 mån–6 år',
      }),
      line('Thule', 'Yepp Nexxt 2 Mini', [''], 0.35, {
        position: 'Fram',
        maxKg: '15',
        age: '9 mån–3 år',
      }),
      line('Hamax', 'Caress', ['Pakethållare', 'Ramfäste'], 0.55, {
        position: 'Bak på pakethållare',
        maxKg: '22',
        age: '9 mån–5 år',
      }),
      line('Hamax', 'Siesta', ['Pakethållare', 'Ramfäste'], 0.35, {
        position: 'Bak med ramfäste',
        maxKg: '22',
        age: '9 mån–5 år',
      }),
      line('Hamax', 'Zenith Relax', [''], 0.4, {
        position: 'Bak med ramfäste',
        maxKg: '22',
        age: '9 mån–5 år',
      }),
      line('Hamax', 'Observer', [''], 0.1, { position: 'Fram', maxKg: '15', age: '9 mån–3 år' }),
      line('Bobike', 'Exclusive Maxi Plus', ['Pakethållare', 'Ramfäste'], 0.5, {
        position: 'Bak på pakethållare',
        maxKg: '22',
        age: '9 mån–6 år',
      }),
      line('Bobike', 'Go Maxi', [''], 0.15, {
        position: 'Bak med ramfäste',
        maxKg: '22',
        age: '9 mån–6 år',
      }),
      line('Bobike', 'One Mini', [''], 0.2, { position: 'Fram', maxKg: '15', age: '9 mån–3 år' }),
      line('Polisport', 'Guppy Maxi+', ['CFS', 'RS'], 0.0, {
        position: 'Bak med ramfäste',
        maxKg: '22',
        age: '9 mån–6 år',
      }),
      line('Polisport', 'Bilby', ['Junior'], 0.05, {
        position: 'Bak på pakethållare',
        maxKg: '22',
        age: '9 mån–6 år',
      }),
      line('Polisport', 'Groovy', ['Maxi FF'], 0.15, {
        position: 'Bak med ramfäste',
        maxKg: '22',
        age: '9 mån–6 år',
      }),
    ],
  },
];

/** Templates by kind. */
export const TEMPLATE_BY_KIND: ReadonlyMap<ProductKind, KindTemplate> = new Map(
  KIND_TEMPLATES.map((t) => [t.kind, t]),
);

/** The display name of a line and trim: "Babboe Curve-E", "Trek FX 3 Disc". */
export function modelName(modelLine: ModelLine, trim: string): string {
  const base = `${modelLine.brand} ${modelLine.model}`;
  if (trim === '') return base;
  return trim.startsWith('-') ? `${base}${trim}` : `${base} ${trim}`;
}
