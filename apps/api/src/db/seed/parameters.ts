/**
 * Parameter groups, parameters (Swedish labels) and the fixed value lists of the filterable
 * parameters (`parameter_values`). Group 1 "Allmänt" holds `Color` (GEINS-API §4.2).
 */
import { COLOUR_KEYS, PRODUCT_COLOURS } from './images/product-kinds.ts';

/** Parameter groups. */
export const PARAMETER_GROUPS = [
  { id: 1, name: 'Allmänt', sortOrder: 1 },
  { id: 2, name: 'Specifikationer', sortOrder: 2 },
  { id: 3, name: 'Leverans och garanti', sortOrder: 3 },
] as const;

/** A parameter of the seed; `values` is the fixed list of a filterable parameter. */
export interface SeedParameter {
  id: number;
  groupId: number;
  identifier: string;
  label: string;
  showFilter: boolean;
  values?: readonly string[];
}

const WHEEL_SIZES = ['12"', '14"', '16"', '20"', '24"', '26"', '27,5"', '28"', '29"'] as const;

/** Every parameter; ids are fixed, `sortOrder` is the id. */
export const PARAMETERS: SeedParameter[] = [
  {
    id: 1,
    groupId: 1,
    identifier: 'Color',
    label: 'Färg',
    showFilter: true,
    values: COLOUR_KEYS.map((key) => PRODUCT_COLOURS[key].label),
  },
  {
    id: 2,
    groupId: 1,
    identifier: 'Gender',
    label: 'Modell',
    showFilter: true,
    values: ['Dam', 'Herr', 'Unisex', 'Barn'],
  },
  { id: 3, groupId: 1, identifier: 'Warranty', label: 'Garanti', showFilter: false },
  {
    id: 10,
    groupId: 2,
    identifier: 'FrameMaterial',
    label: 'Ram',
    showFilter: true,
    values: ['Aluminium', 'Kolfiber', 'Stål'],
  },
  { id: 11, groupId: 2, identifier: 'Gears', label: 'Växlar', showFilter: false },
  {
    id: 12,
    groupId: 2,
    identifier: 'WheelSize',
    label: 'Hjulstorlek',
    showFilter: true,
    values: WHEEL_SIZES,
  },
  {
    id: 13,
    groupId: 2,
    identifier: 'Brakes',
    label: 'Bromsar',
    showFilter: true,
    values: [
      'Hydrauliska skivbromsar',
      'Mekaniska skivbromsar',
      'Fälgbromsar',
      'Rullbromsar',
      'Fotbroms',
    ],
  },
  {
    id: 14,
    groupId: 2,
    identifier: 'Suspension',
    label: 'Fjädring',
    showFilter: true,
    values: ['Ingen', 'Framfjädring', 'Heldämpad'],
  },
  { id: 15, groupId: 2, identifier: 'Motor', label: 'Motor', showFilter: false },
  { id: 16, groupId: 2, identifier: 'Battery', label: 'Batteri', showFilter: false },
  { id: 17, groupId: 2, identifier: 'Range', label: 'Räckvidd', showFilter: false },
  { id: 18, groupId: 2, identifier: 'Capacity', label: 'Lastförmåga', showFilter: false },
  {
    id: 20,
    groupId: 2,
    identifier: 'HelmetType',
    label: 'Hjälmtyp',
    showFilter: true,
    values: ['Pendlarhjälm', 'Landsvägshjälm', 'MTB-hjälm', 'Barnhjälm'],
  },
  {
    id: 21,
    groupId: 2,
    identifier: 'Protection',
    label: 'Skyddssystem',
    showFilter: true,
    values: ['MIPS', 'WaveCel', 'KinetiCore', 'Standard'],
  },
  {
    id: 22,
    groupId: 2,
    identifier: 'LockType',
    label: 'Låstyp',
    showFilter: true,
    values: ['Bygellås', 'Vikbart lås', 'Kättinglås', 'Ramlås', 'Vajerlås'],
  },
  {
    id: 23,
    groupId: 2,
    identifier: 'SecurityLevel',
    label: 'Säkerhetsnivå',
    showFilter: true,
    values: ['Nivå 5', 'Nivå 7', 'Nivå 9', 'Nivå 10', 'Nivå 12', 'Nivå 15', 'Nivå 20'],
  },
  { id: 24, groupId: 2, identifier: 'Certification', label: 'Certifiering', showFilter: false },
  {
    id: 25,
    groupId: 2,
    identifier: 'LightType',
    label: 'Lamptyp',
    showFilter: true,
    values: ['Framlampa', 'Baklampa', 'Lampset'],
  },
  { id: 26, groupId: 2, identifier: 'Brightness', label: 'Ljusstyrka', showFilter: false },
  { id: 27, groupId: 2, identifier: 'RunTime', label: 'Brinntid', showFilter: false },
  { id: 28, groupId: 2, identifier: 'Charging', label: 'Laddning', showFilter: false },
  {
    id: 29,
    groupId: 2,
    identifier: 'BagType',
    label: 'Väsktyp',
    showFilter: true,
    values: [
      'Pakethållarväska',
      'Styrväska',
      'Sadelväska',
      'Ramväska',
      'Cykelryggsäck',
      'Cykelkorg',
    ],
  },
  { id: 30, groupId: 2, identifier: 'Volume', label: 'Volym', showFilter: false },
  { id: 31, groupId: 2, identifier: 'Mounting', label: 'Montering', showFilter: false },
  {
    id: 32,
    groupId: 2,
    identifier: 'PumpType',
    label: 'Pumptyp',
    showFilter: true,
    values: ['Golvpump', 'Minipump', 'CO2-pump', 'Stötdämparpump'],
  },
  { id: 33, groupId: 2, identifier: 'Pressure', label: 'Tryck', showFilter: false },
  {
    id: 34,
    groupId: 2,
    identifier: 'Valve',
    label: 'Ventil',
    showFilter: true,
    values: [
      'Presta (racerventil)',
      'Schrader (bilventil)',
      'Dunlop (cykelventil)',
      'Presta/Schrader/Dunlop',
    ],
  },
  {
    id: 35,
    groupId: 2,
    identifier: 'TyreType',
    label: 'Däcktyp',
    showFilter: true,
    values: ['Landsväg', 'Pendling', 'Grus', 'Terräng', 'Vinterdäck med dubb'],
  },
  { id: 36, groupId: 2, identifier: 'Dimension', label: 'Dimension', showFilter: false },
  {
    id: 37,
    groupId: 2,
    identifier: 'PunctureProtection',
    label: 'Punkteringsskydd',
    showFilter: false,
  },
  { id: 38, groupId: 2, identifier: 'ValveLength', label: 'Ventillängd', showFilter: false },
  {
    id: 39,
    groupId: 2,
    identifier: 'GarmentType',
    label: 'Plagg',
    showFilter: true,
    values: ['Cykeltröja', 'Bibshorts', 'Cykelbyxor', 'Jacka', 'Regnjacka', 'Väst'],
  },
  { id: 40, groupId: 2, identifier: 'Fit', label: 'Passform', showFilter: false },
  {
    id: 41,
    groupId: 2,
    identifier: 'ToolType',
    label: 'Verktygstyp',
    showFilter: true,
    values: [
      'Multiverktyg',
      'Kedjebrytare',
      'Däckavtagare',
      'Nyckelsats',
      'Momentnyckel',
      'Specialverktyg',
    ],
  },
  { id: 42, groupId: 2, identifier: 'Functions', label: 'Funktioner', showFilter: false },
  {
    id: 43,
    groupId: 2,
    identifier: 'SeatPosition',
    label: 'Placering',
    showFilter: true,
    values: ['Fram', 'Bak på pakethållare', 'Bak med ramfäste'],
  },
  { id: 44, groupId: 2, identifier: 'MaxLoad', label: 'Maxvikt', showFilter: false },
  { id: 45, groupId: 2, identifier: 'Age', label: 'Ålder', showFilter: false },
  { id: 46, groupId: 2, identifier: 'Material', label: 'Material', showFilter: false },
  { id: 47, groupId: 2, identifier: 'Weight', label: 'Vikt', showFilter: false },
  { id: 50, groupId: 3, identifier: 'Delivery', label: 'Leveransskick', showFilter: false },
];

/** Parameters by identifier. */
export const PARAMETER_BY_IDENTIFIER: ReadonlyMap<string, SeedParameter> = new Map(
  PARAMETERS.map((p) => [p.identifier, p]),
);

/** Id of a parameter value row: parameter id × 1000 + position (1-based). */
export function parameterValueId(parameter: SeedParameter, value: string): number {
  const index = parameter.values?.indexOf(value) ?? -1;
  if (index < 0) throw new Error(`"${value}" is not a value of parameter ${parameter.identifier}`);
  return parameter.id * 1000 + index + 1;
}

/** All `parameter_values` rows. */
export function parameterValueRows(): Array<{
  id: number;
  parameterId: number;
  value: string;
  sortOrder: number;
}> {
  return PARAMETERS.flatMap((p) =>
    (p.values ?? []).map((value, index) => ({
      id: p.id * 1000 + index + 1,
      parameterId: p.id,
      value,
      sortOrder: index,
    })),
  );
}
