/**
 * Specifications (parameter values) and SKU sizes of a generated product, derived from its
 * kind, model line, trim and price position so the facts agree with each other and the name.
 */
import { BIKE_KINDS, PRODUCT_COLOURS } from './images/product-kinds.ts';
import type { ColourKey, ProductKind } from './images/product-kinds.ts';
import { formatWeight } from './identifiers.ts';
import type { ModelLine } from './product-templates.ts';
import type { Random } from './random.ts';

/** What a product is, before its specifications are worked out. */
export interface ProductFacts {
  kind: ProductKind;
  line: ModelLine;
  trim: string;
  /** Full product name. */
  name: string;
  colour: ColourKey;
  /** Price position within the kind, 0 (cheapest) .. 1 (dearest). */
  tier: number;
  /** Product weight in grams. */
  weightGrams: number;
}

/** Parameter identifier → Swedish display value, in display order. */
export type Specs = Map<string, string>;

const pickByTier = <T>(list: readonly T[], tier: number): T =>
  list[Math.min(list.length - 1, Math.max(0, Math.floor(tier * list.length)))] as T;

const DAM_MODELS = new Set([
  'Karin',
  'E-Karin',
  'Elina',
  'Ebba',
  'Elora',
  'Ella Cruise',
  'Ella Ride Hybrid',
  'Le Grand Elegance',
  'Fenja',
]);
const HERR_MODELS = new Set(['Karl', 'Elis', 'Ebbe', 'Albin', 'E-Albin']);

function gender(facts: ProductFacts): string {
  if (facts.kind === 'barncykel') return 'Barn';
  if (facts.line.attrs.type === 'Barnhjälm') return 'Barn';
  if (/\bDam\b|Lowstep|Mixte/.test(facts.trim)) return 'Dam';
  if (/\bHerr\b/.test(facts.trim)) return 'Herr';
  if (DAM_MODELS.has(facts.line.model)) return 'Dam';
  if (HERR_MODELS.has(facts.line.model)) return 'Herr';
  return 'Unisex';
}

/** The wheel size facet value of a bike or tyre. */
function wheelSize(facts: ProductFacts): string {
  const { kind, line, trim } = facts;
  if (line.attrs.wheel) return line.attrs.wheel;
  const inch = /(\d{2}(?:,5)?)"/.exec(trim);
  if (inch) return `${inch[1]}"`;
  if (trim.startsWith('700C')) return '28"';
  if (kind === 'mountainbike') return '29"';
  if (kind === 'ladcykel') return '26"';
  return '28"';
}

const MOTORS: Record<string, { motor: string; batteries: readonly string[] }> = {
  navfram: { motor: 'Ananda navmotor fram, 40 Nm', batteries: ['36 V, 418 Wh', '36 V, 522 Wh'] },
  navbak: { motor: 'Bafang navmotor bak, 45 Nm', batteries: ['36 V, 418 Wh', '36 V, 504 Wh'] },
  'bosch-active': {
    motor: 'Bosch Active Line Plus, 50 Nm',
    batteries: ['Bosch PowerPack 400 Wh', 'Bosch PowerPack 500 Wh'],
  },
  'bosch-performance': {
    motor: 'Bosch Performance Line, 75 Nm',
    batteries: ['Bosch PowerPack 500 Wh', 'Bosch PowerTube 625 Wh'],
  },
  'bosch-cx': {
    motor: 'Bosch Performance Line CX, 85 Nm',
    batteries: ['Bosch PowerTube 625 Wh', 'Bosch PowerTube 750 Wh'],
  },
  'shimano-e6100': {
    motor: 'Shimano Steps E6100, 60 Nm',
    batteries: ['Shimano BT-E8016, 504 Wh', 'Shimano BT-E8036, 630 Wh'],
  },
  'shimano-ep8': {
    motor: 'Shimano EP801, 85 Nm',
    batteries: ['Shimano BT-E8036, 630 Wh', 'Shimano BT-EN8C, 720 Wh'],
  },
  specialized: {
    motor: 'Specialized 2.2, 90 Nm',
    batteries: ['Specialized U2, 530 Wh', 'Specialized U2, 710 Wh'],
  },
  'specialized-sl': { motor: 'Specialized SL 1.2, 50 Nm', batteries: ['Specialized SL, 320 Wh'] },
  mahle: { motor: 'Mahle X35+ navmotor bak, 40 Nm', batteries: ['Mahle iX350, 250 Wh'] },
  giant: {
    motor: 'Giant SyncDrive Sport, 85 Nm',
    batteries: ['Giant EnergyPak Smart, 500 Wh', 'Giant EnergyPak Smart, 625 Wh'],
  },
  'babboe-nav': { motor: 'Babboe navmotor fram, 40 Nm', batteries: ['36 V, 468 Wh'] },
  yamaha: { motor: 'Yamaha PW-ST, 70 Nm', batteries: ['36 V, 500 Wh'] },
  'bosch-cargo': {
    motor: 'Bosch Cargo Line, 85 Nm',
    batteries: ['Bosch PowerPack 545 Wh', 'Bosch PowerTube 750 Wh'],
  },
};

function electricDrive(
  facts: ProductFacts,
  rng: Random,
): { motor: string; battery: string; range: string } | null {
  let key = facts.line.attrs.motor;
  if (facts.kind === 'ladcykel') {
    const brand = facts.line.brand;
    if (brand === 'Babboe') key = facts.trim.includes('Mountain') ? 'yamaha' : 'babboe-nav';
    else if (brand === 'Kross') key = 'navbak';
    else if (brand === 'Urban Arrow' && facts.trim.includes('Performance'))
      key = 'bosch-performance';
    else key = 'bosch-cargo';
  }
  if (facts.kind === 'elcykel' && facts.trim.includes('Mittmotor') && key === 'navfram')
    key = 'shimano-e6100';
  if (!key) return null;
  const drive = MOTORS[key];
  if (!drive) throw new Error(`unknown motor ${key}`);
  const battery = pickByTier(drive.batteries, facts.tier);
  const wh = Number(/(\d{3}) Wh/.exec(battery)?.[1] ?? 500);
  const km = Math.round((wh * rng.float(0.17, 0.22)) / 10) * 10;
  return { motor: drive.motor, battery, range: `upp till ${km} km` };
}

function gears(facts: ProductFacts): string {
  const { kind, trim, tier, line } = facts;
  const n = /(\d+)-vxl/.exec(trim)?.[1];
  if (trim.includes('Enviolo') || trim.includes('vario') || trim.includes('Cargo Line'))
    return 'Enviolo stegslös navväxel';
  if (n === '1') return 'Singelväxel';
  if (n === '21') return '3x7 Shimano Tourney';
  if (n === '24') return '3x8 Shimano Acera';
  if (n) return `${n}-växlad navväxel Shimano Nexus`;
  switch (kind) {
    case 'racercykel': {
      if (trim.includes('Sora')) return '2x9 Shimano Sora';
      if (trim.includes('Ultegra'))
        return trim.includes('Di2') ? '2x12 Shimano Ultegra Di2' : '2x11 Shimano Ultegra';
      if (trim.includes('105')) return '2x11 Shimano 105';
      return pickByTier(
        [
          '2x8 Shimano Claris',
          '2x9 Shimano Sora',
          '2x10 Shimano Tiagra',
          '2x11 Shimano 105',
          '2x12 Shimano 105',
          '2x12 Shimano 105 Di2',
          '2x12 Shimano Ultegra Di2',
          '2x12 SRAM Force AXS',
        ],
        tier,
      );
    }
    case 'gravelcykel': {
      const grx = /GRX (\d{3})/.exec(trim)?.[1];
      if (grx) return `${grx === '400' ? '2x10' : '2x11'} Shimano GRX ${grx}`;
      return pickByTier(
        [
          '2x8 Shimano Claris',
          '2x10 Shimano GRX 400',
          '1x11 Shimano GRX 600',
          '2x11 Shimano GRX 600',
          '1x12 SRAM Apex',
          '2x12 Shimano GRX 820',
          '1x12 SRAM Rival XPLR AXS',
        ],
        tier,
      );
    }
    case 'mountainbike':
      return pickByTier(
        [
          '3x7 Shimano Tourney',
          '2x8 Shimano Altus',
          '1x10 Shimano Deore',
          '1x12 Shimano Deore',
          '1x12 SRAM SX Eagle',
          '1x12 Shimano SLX',
          '1x12 SRAM GX Eagle',
          '1x12 Shimano XT',
        ],
        tier,
      );
    case 'hybridcykel':
      return pickByTier(
        [
          '3x7 Shimano Tourney',
          '3x8 Shimano Altus',
          '2x9 Shimano Altus',
          '1x10 Shimano Cues',
          '2x10 Shimano Deore',
          '1x11 Shimano Deore',
        ],
        tier,
      );
    case 'elcykel':
      return pickByTier(
        [
          '7-växlad navväxel Shimano Nexus',
          '8-växlad navväxel Shimano Nexus',
          '9-växlad Shimano Alivio',
          '10-växlad Shimano Deore',
          'Enviolo stegslös navväxel',
          '11-växlad Shimano Deore XT',
        ],
        tier,
      );
    case 'barncykel': {
      const wheel = Number(/(\d+)"/.exec(trim)?.[1] ?? 20);
      return wheel >= 20 && tier > 0.5 ? '7-växlad Shimano Tourney' : 'Singelväxel';
    }
    case 'ladcykel':
      return line.brand === 'Babboe'
        ? '5-växlad navväxel Shimano Nexus'
        : '8-växlad navväxel Shimano Nexus';
    default:
      return pickByTier(
        ['3-växlad navväxel Shimano Nexus', '7-växlad navväxel Shimano Nexus'],
        tier,
      );
  }
}

function brakes(facts: ProductFacts, gearText: string): string {
  const { kind, tier, trim, line } = facts;
  switch (kind) {
    case 'racercykel':
      if (line.model.startsWith('Via Nirone') || line.model === 'CAAD Optimo') return 'Fälgbromsar';
      return tier < 0.25 ? 'Mekaniska skivbromsar' : 'Hydrauliska skivbromsar';
    case 'gravelcykel':
      return tier < 0.2 ? 'Mekaniska skivbromsar' : 'Hydrauliska skivbromsar';
    case 'mountainbike':
      return tier < 0.06 ? 'Mekaniska skivbromsar' : 'Hydrauliska skivbromsar';
    case 'hybridcykel':
      return tier < 0.25
        ? 'Fälgbromsar'
        : tier < 0.45
          ? 'Mekaniska skivbromsar'
          : 'Hydrauliska skivbromsar';
    case 'stadscykel':
      if (trim.includes('Fotbroms') || /^[13]-vxl/.test(trim)) return 'Fotbroms';
      return gearText.includes('navväxel') ? 'Rullbromsar' : 'Fälgbromsar';
    case 'elcykel':
      return tier < 0.3 ? 'Rullbromsar' : 'Hydrauliska skivbromsar';
    case 'barncykel':
      return Number(/(\d+)"/.exec(trim)?.[1] ?? 20) <= 16 ? 'Fotbroms' : 'Fälgbromsar';
    case 'ladcykel':
      return line.brand === 'Babboe' ? 'Rullbromsar' : 'Hydrauliska skivbromsar';
    default:
      return 'Fälgbromsar';
  }
}

function frameMaterial(facts: ProductFacts): string {
  const { kind, line, tier, trim } = facts;
  if (line.attrs.frame) return line.attrs.frame;
  if (kind === 'ladcykel' && line.brand === 'Babboe') return 'Stål';
  if (/Carbon|Advanced|SL [5-7]|C:62/.test(trim)) return 'Kolfiber';
  if ((kind === 'racercykel' || kind === 'gravelcykel' || kind === 'mountainbike') && tier > 0.7)
    return 'Kolfiber';
  return 'Aluminium';
}

const WARRANTY_BIKE = '5 år på ramen, 2 år på komponenter';

/** Works out the specifications of a product (parameter identifier → value). */
export function productSpecs(facts: ProductFacts, rng: Random): Specs {
  const specs: Specs = new Map();
  const { kind, line, trim, tier } = facts;
  const attrs = line.attrs;
  specs.set('Color', PRODUCT_COLOURS[facts.colour].label);
  if (BIKE_KINDS.includes(kind)) {
    specs.set('Gender', gender(facts));
    specs.set('FrameMaterial', frameMaterial(facts));
    const gearText = gears(facts);
    specs.set('Gears', gearText);
    specs.set('WheelSize', wheelSize(facts));
    specs.set('Brakes', brakes(facts, gearText));
    if (kind === 'mountainbike' || kind === 'hybridcykel' || kind === 'elcykel') {
      specs.set(
        'Suspension',
        attrs.suspension ?? (kind === 'elcykel' && tier > 0.5 ? 'Framfjädring' : 'Ingen'),
      );
    }
    const drive = kind === 'elcykel' || kind === 'ladcykel' ? electricDrive(facts, rng) : null;
    if (drive) {
      specs.set('Motor', drive.motor);
      specs.set('Battery', drive.battery);
      specs.set('Range', drive.range);
    }
    if (attrs.capacity) specs.set('Capacity', attrs.capacity);
    specs.set('Weight', formatWeight(facts.weightGrams));
    specs.set('Warranty', WARRANTY_BIKE);
    specs.set('Delivery', 'Färdigmonterad och provkörd');
    return specs;
  }
  switch (kind) {
    case 'hjalm':
      specs.set('Gender', gender(facts));
      specs.set('HelmetType', attrs.type ?? 'Pendlarhjälm');
      specs.set('Protection', trim.includes('MIPS') ? 'MIPS' : (attrs.protection ?? 'Standard'));
      specs.set('Certification', 'EN 1078');
      specs.set('Material', 'In-mould-gjuten EPS med skal i polykarbonat');
      break;
    case 'las':
      specs.set('LockType', attrs.type ?? 'Bygellås');
      specs.set('SecurityLevel', attrs.level ?? 'Nivå 7');
      if (attrs.ssf) specs.set('Certification', 'Godkänt av Stöldskyddsföreningen (SSF)');
      specs.set(
        'Material',
        {
          Bygellås: 'Härdat specialstål, 13 mm bygel',
          'Vikbart lås': 'Härdade stållänkar, 5 mm',
          Kättinglås: 'Härdad kätting, 8 mm, med textilöverdrag',
          Ramlås: 'Härdat stål, monteras fast på ramen',
          Vajerlås: 'Stålvajer med plastöverdrag',
        }[attrs.type ?? 'Bygellås'] ?? 'Härdat stål',
      );
      break;
    case 'belysning': {
      specs.set('LightType', attrs.type ?? 'Framlampa');
      specs.set('Brightness', `${attrs.lumen ?? '100'} lumen`);
      const lumen = Number(attrs.lumen ?? 100);
      specs.set(
        'RunTime',
        `upp till ${Math.max(2, Math.min(60, Math.round((600 / lumen) * rng.float(0.8, 1.4))))} h`,
      );
      specs.set(
        'Charging',
        lumen < 35 ? 'Utbytbara batterier (CR2032)' : rng.pick(['USB-C', 'USB-C', 'Micro-USB']),
      );
      break;
    }
    case 'cykelvaska': {
      specs.set('BagType', attrs.type ?? 'Pakethållarväska');
      specs.set('Volume', /\d+(?:,\d)? l/.exec(trim)?.[0] ?? attrs.volume ?? '20 l');
      specs.set(
        'Material',
        attrs.waterproof === 'ja'
          ? 'Vattentät, PVC-fri polyester med svetsade sömmar'
          : 'Vattenavvisande polyester',
      );
      const mounting: Record<string, string> = {
        Ortlieb: 'Ortlieb QL-fäste, passar pakethållare upp till 16 mm',
        Thule: 'Thule Pack n Pedal-fäste',
        Basil: 'Basil Hook-On-system',
        Topeak: 'Topeak QuickTrack',
      };
      specs.set(
        'Mounting',
        attrs.type === 'Pakethållarväska'
          ? (mounting[line.brand] ?? 'Krokar för pakethållare')
          : attrs.type === 'Cykelryggsäck'
            ? 'Bärs på ryggen'
            : 'Kardborreband',
      );
      break;
    }
    case 'pump': {
      specs.set('PumpType', attrs.type ?? 'Minipump');
      const bar = Number(attrs.bar ?? 11);
      specs.set('Pressure', `max ${bar} bar (${Math.round(bar * 14.5)} psi)`);
      specs.set('Valve', 'Presta/Schrader/Dunlop');
      break;
    }
    case 'dack': {
      specs.set('TyreType', attrs.type ?? 'Pendling');
      specs.set('WheelSize', wheelSize(facts));
      specs.set('PunctureProtection', attrs.protection ?? 'Standard');
      const type = attrs.type ?? 'Pendling';
      specs.set(
        'Pressure',
        type === 'Landsväg'
          ? '5,5–8,0 bar'
          : type === 'Terräng'
            ? '1,5–2,5 bar'
            : type === 'Grus'
              ? '2,5–5,0 bar'
              : '3,5–6,0 bar',
      );
      break;
    }
    case 'slang':
      specs.set('Valve', attrs.valve ?? 'Presta (racerventil)');
      specs.set('WheelSize', attrs.wheel ?? '28"');
      specs.set('Dimension', `${trim} (${attrs.dim ?? ''})`);
      specs.set('ValveLength', attrs.vl ?? '40 mm');
      specs.set(
        'Material',
        line.model === 'Aerothan' ? 'Termoplastisk polyuretan (TPU)' : 'Butylgummi',
      );
      break;
    case 'klader': {
      specs.set('Gender', gender(facts));
      const garment = attrs.garment ?? 'Cykeltröja';
      specs.set('GarmentType', garment);
      specs.set(
        'Material',
        garment === 'Regnjacka'
          ? '100 % polyester, 3-lagers membran'
          : garment === 'Jacka' || garment === 'Väst'
            ? '100 % polyester med vindtät front'
            : `${rng.pick([78, 82, 86, 90])} % polyester, resten elastan`,
      );
      specs.set(
        'Fit',
        garment === 'Cykeltröja' || garment === 'Bibshorts'
          ? rng.pick(['Tight passform', 'Normal passform'])
          : 'Normal passform',
      );
      break;
    }
    case 'verktyg': {
      specs.set('ToolType', attrs.type ?? 'Multiverktyg');
      const functions = Number(/(\d+) funktioner/.exec(trim)?.[1] ?? attrs.functions ?? 1);
      if (functions > 1) specs.set('Functions', `${functions} funktioner`);
      specs.set(
        'Material',
        rng.pick(['Härdat krom-vanadinstål', 'Härdat stål med aluminiumhandtag']),
      );
      break;
    }
    case 'barnsits':
      specs.set('SeatPosition', attrs.position ?? 'Bak på pakethållare');
      specs.set('MaxLoad', `${attrs.maxKg ?? 22} kg`);
      specs.set('Age', attrs.age ?? '9 mån–6 år');
      specs.set('Certification', 'EN 14344');
      break;
    default:
      break;
  }
  specs.set('Weight', formatWeight(facts.weightGrams));
  specs.set('Warranty', '2 år');
  return specs;
}

const LETTER_SIZES = ['XS', 'S', 'M', 'L', 'XL'] as const;
const NORDIC_BRANDS = new Set(['Crescent', 'Monark', 'Skeppshult', 'Nishiki', 'Kross']);

function contiguous<T>(list: readonly T[], min: number, max: number, rng: Random): T[] {
  const count = Math.min(list.length, rng.int(min, max));
  const start = rng.int(0, list.length - count);
  return list.slice(start, start + count);
}

const TYRE_DIMENSIONS: Record<string, readonly string[]> = {
  road: ['700x25C (25-622)', '700x28C (28-622)', '700x32C (32-622)'],
  gravel: ['700x35C (35-622)', '700x40C (40-622)', '700x45C (45-622)'],
  '28"': ['28x1.40 (37-622)', '28x1.60 (42-622)', '28x1.75 (47-622)', '28x2.00 (50-622)'],
  '26"': ['26x1.75 (47-559)', '26x2.00 (50-559)', '26x2.15 (55-559)'],
  '20"': ['20x1.75 (47-406)', '20x2.15 (55-406)'],
  '29"': ['29x2.25 (57-622)', '29x2.35 (60-622)', '29x2.40 (62-622)'],
  '27,5"': ['27,5x2.25 (57-584)', '27,5x2.35 (60-584)', '27,5x2.40 (62-584)'],
};

const KIDS_SIZES: Record<string, string> = {
  '12': '12" (2–4 år)',
  '14': '14" (3–5 år)',
  '16': '16" (4–6 år)',
  '20': '20" (6–9 år)',
  '24': '24" (8–12 år)',
};

/** The SKU (size) names of a product, smallest first; "One size" when there is one size. */
export function skuNames(facts: ProductFacts, rng: Random): string[] {
  const { kind, line, trim } = facts;
  switch (kind) {
    case 'racercykel':
    case 'gravelcykel':
      return contiguous(['49 cm', '52 cm', '54 cm', '56 cm', '58 cm', '61 cm'], 4, 6, rng);
    case 'mountainbike':
      return contiguous(LETTER_SIZES, 3, 5, rng);
    case 'hybridcykel':
    case 'elcykel':
    case 'stadscykel': {
      if (NORDIC_BRANDS.has(line.brand)) {
        const g = gender(facts);
        const cm =
          g === 'Dam'
            ? ['45 cm', '50 cm', '55 cm']
            : g === 'Herr'
              ? ['52 cm', '56 cm', '60 cm']
              : ['47 cm', '52 cm', '56 cm', '60 cm'];
        return contiguous(cm, 2, 3, rng);
      }
      return contiguous(LETTER_SIZES, 3, 4, rng);
    }
    case 'barncykel': {
      const wheel = /(\d+)"/.exec(trim)?.[1] ?? '20';
      return [KIDS_SIZES[wheel] ?? `${wheel}"`];
    }
    case 'hjalm':
      if (line.attrs.type === 'Barnhjälm') return ['XS 46-51 cm', 'S 50-55 cm'];
      return contiguous(['S 51-55 cm', 'M 54-58 cm', 'L 57-61 cm'], 2, 3, rng);
    case 'klader':
      return gender(facts) === 'Dam' ? ['XS', 'S', 'M', 'L', 'XL'] : ['S', 'M', 'L', 'XL', 'XXL'];
    case 'dack': {
      const wheel = wheelSize(facts);
      const type = line.attrs.type;
      const key = trim.startsWith('700C') ? (type === 'Grus' ? 'gravel' : 'road') : wheel;
      return contiguous(TYRE_DIMENSIONS[key] ?? TYRE_DIMENSIONS['28"'] ?? [], 2, 3, rng);
    }
    default:
      return ['One size'];
  }
}
