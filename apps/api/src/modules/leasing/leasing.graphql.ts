/**
 * Förmånscykel fields (issue 21; SPEC §3 "leasing calculation", §9). Our own additions, not part
 * of the Geins Merchant API: `ProductType.leasable` and the `leasingSettings` query, which gives
 * the storefront's calculator the settings it feeds to `calculateLeasing` (`@trampa/api/leasing`).
 * Amounts are Decimal kronor of SEK (the scheme is Swedish), rates in percent.
 */
import { builder } from '../../graphql/builder.ts';
import { ProductRef } from '../catalog/catalog.graphql.ts';
import { minorToDecimal } from '../pricing/money.ts';
import { LEASING_SETTINGS, type LeasingPackage, type LeasingSettings } from './leasing-settings.ts';

const SEK = 'SEK';
const kronor = (ore: number) => minorToDecimal(ore, SEK);
const percent = (basisPoints: number) => basisPoints / 100;

const LeasingPackageRef = builder.objectRef<LeasingPackage>('LeasingPackageType').implement({
  description: 'A service package of a förmånscykel lease (SPEC §9). Not Geins: our own type.',
  fields: (t) => ({
    id: t.exposeString('id', {
      nullable: false,
      description: 'Stable id: "none", "bas", "trygg" or "bekymmersfri".',
    }),
    name: t.exposeString('name', { nullable: false, description: 'Name shown to shoppers.' }),
    pricePerYear: t.field({
      type: 'Decimal',
      nullable: false,
      description: 'Price per year incl. VAT, kronor (SEK); 0 for no package.',
      resolve: (p) => kronor(p.pricePerYear),
    }),
    standardPricePerYear: t.field({
      type: 'Decimal',
      nullable: true,
      description: 'Standard price per year incl. VAT, kronor, shown struck through; null if none.',
      resolve: (p) => (p.standardPricePerYear === null ? null : kronor(p.standardPricePerYear)),
    }),
  }),
});

const LeasingSettingsRef = builder.objectRef<LeasingSettings>('LeasingSettingsType').implement({
  description:
    'The settings of the förmånscykel calculator (issue 21, ADR 013). Not Geins: our own type. Money in Decimal kronor of SEK, rates in percent.',
  fields: (t) => ({
    periods: t.exposeIntList('periods', {
      nullable: false,
      description: 'Lease periods offered, months (12 and 36).',
    }),
    defaultPeriod: t.exposeInt('defaultPeriod', {
      nullable: false,
      description: 'Period preselected, months.',
    }),
    packages: t.field({
      type: [LeasingPackageRef],
      nullable: false,
      description: 'Service packages in display order; the first is "no package".',
      resolve: (s) => s.packages,
    }),
    defaultPackageId: t.exposeString('defaultPackageId', {
      nullable: false,
      description: 'Id of the package preselected.',
    }),
    setupFee: t.field({
      type: 'Decimal',
      nullable: false,
      description: 'One-off setup fee, kronor (200).',
      resolve: (s) => kronor(s.setupFee),
    }),
    setupFeeSpread: t.boolean({
      nullable: false,
      description: 'True: the setup fee is spread over the months; false: charged in the first.',
      resolve: (s) => s.setupFeeMode === 'spread',
    }),
    yearlyInterestPercent: t.float({
      nullable: false,
      description: 'Yearly interest of the lease, percent (0 gives price / months).',
      resolve: (s) => percent(s.yearlyInterestBasisPoints),
    }),
    benefitReductionPerMonth: t.field({
      type: 'Decimal',
      nullable: false,
      description: 'Tax-free part of the benefit value per month, kronor (250).',
      resolve: (s) => kronor(s.benefitReductionPerMonth),
    }),
    employerFeePercent: t.float({
      nullable: false,
      description: "Employer's social fees (arbetsgivaravgifter), percent (31.42).",
      resolve: (s) => percent(s.employerFeeBasisPoints),
    }),
    residualValuePercent: t.float({
      nullable: false,
      description:
        'Estimated market value of the bike after residualValueMonths, percent of its price (20): the buy-out price at the end of a lease, r^(n / residualValueMonths) for n months (issue 40, ADR 013).',
      resolve: (s) => percent(s.residualValueBasisPoints),
    }),
    residualValueMonths: t.exposeInt('residualValueMonths', {
      nullable: false,
      description: 'The lease length, months, that residualValuePercent is given for (36).',
    }),
    minPrice: t.field({
      type: 'Decimal',
      nullable: false,
      description: 'Lowest bike price incl. VAT that can be leased, kronor.',
      resolve: (s) => kronor(s.minPrice),
    }),
    maxPrice: t.field({
      type: 'Decimal',
      nullable: false,
      description: 'Highest bike price incl. VAT that can be leased, kronor.',
      resolve: (s) => kronor(s.maxPrice),
    }),
    defaultMarginalTaxPercent: t.float({
      nullable: false,
      description: 'Marginal tax assumed until the customer enters one, percent (32).',
      resolve: (s) => percent(s.defaultMarginalTaxBasisPoints),
    }),
    minMarginalTaxPercent: t.float({
      nullable: false,
      description: 'Lowest marginal tax a customer may enter, percent (0).',
      resolve: (s) => percent(s.minMarginalTaxBasisPoints),
    }),
    maxMarginalTaxPercent: t.float({
      nullable: false,
      description: 'Highest marginal tax a customer may enter, percent (60).',
      resolve: (s) => percent(s.maxMarginalTaxBasisPoints),
    }),
  }),
});

builder.queryField('leasingSettings', (t) =>
  t.field({
    type: LeasingSettingsRef,
    nullable: false,
    description:
      'The förmånscykel calculator settings (issue 21). Not Geins: our own query; no arguments, the same for every market.',
    resolve: () => LEASING_SETTINGS,
  }),
);

builder.objectFields(ProductRef, (t) => ({
  leasable: t.boolean({
    nullable: false,
    description:
      'True when the product can be leased as a förmånscykel (issue 21). Not Geins: our own field. The bike price must also lie within leasingSettings.minPrice..maxPrice.',
    resolve: (p) => p.leasable === true,
  }),
}));
