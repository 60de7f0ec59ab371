/**
 * The content module's GraphQL (issue 16; GEINS-API §3.1, §4.4): `widgetArea` →
 * `PageWidgetCollectionType` with containers and widgets, and `cmsPages` →
 * `[PageWidgetPageType]`. Menus (`getMenuAtLocation`) are another module's.
 */
import { builder } from '../../graphql/builder.ts';
import { contextArgs } from '../../graphql/args.ts';
import { CustomerTypeEnum } from '../../graphql/address.ts';
import { ShopError } from '../../errors.ts';
import { MetadataRef } from '../catalog/catalog-types.graphql.ts';
import {
  findWidgetArea,
  listContentPages,
  type ContentPage,
  type Widget,
  type WidgetCollection,
  type WidgetContainer,
  type WidgetImage,
  type WidgetImageSize,
} from './content.service.ts';
import { isStaffUserActive } from '../staff/staff.service.ts';
import { isPreviewAuthorized } from './preview-token.ts';
import { fillSellerPlaceholders } from './seller-placeholders.ts';

/** `PageWidgetImageSizeType`. */
const WidgetImageSizeRef = builder.objectRef<WidgetImageSize>('PageWidgetImageSizeType').implement({
  description: 'The pixel size of a widget image (GEINS-API §4.4).',
  fields: (t) => ({
    imageWidth: t.exposeInt('imageWidth', { nullable: false, description: 'Width, pixels.' }),
    imageHeight: t.exposeInt('imageHeight', { nullable: false, description: 'Height, pixels.' }),
    imageRatio: t.exposeFloat('imageRatio', {
      nullable: false,
      description: 'Width divided by height, three decimals.',
    }),
  }),
});

/** `PageWidgetImageType`. */
const WidgetImageRef = builder.objectRef<WidgetImage>('PageWidgetImageType').implement({
  description:
    'A widget image. Its URL follows the contract (GEINS-API §1): ' +
    '`/img/pagewidget/{folder}/{urlencoded fileName}`, folder `raw` or a size key.',
  fields: (t) => ({
    fileName: t.exposeString('fileName', { nullable: false, description: 'The file name.' }),
    largestSize: t.field({
      type: WidgetImageSizeRef,
      description: 'The largest size available.',
      resolve: (i) => i.largestSize,
    }),
    sizes: t.field({
      type: [WidgetImageSizeRef],
      description: 'Every size available.',
      resolve: (i) => i.sizes,
    }),
  }),
});

/** `PageWidgetType`. */
const WidgetRef = builder.objectRef<Widget>('PageWidgetType').implement({
  description:
    'A widget. ralph picks the component by `name` ("Text", "Rich text", "HTML", "Image", ' +
    '"Banner", "Buttons", "Product list", "Video"); `configuration` is its JSON document.',
  fields: (t) => ({
    id: t.exposeString('id', { nullable: false, description: 'Widget id.' }),
    name: t.exposeString('name', { nullable: false, description: 'Widget kind (see above).' }),
    sortOrder: t.exposeInt('sortOrder', {
      nullable: false,
      description: 'Order in its container.',
    }),
    type: t.exposeString('type', { nullable: false, description: 'Geins widget type id.' }),
    size: t.exposeString('size', { nullable: false, description: 'full, half, third or quarter.' }),
    classNames: t.exposeStringList('classNames', {
      description:
        'Extra CSS class names; `only-desktop` or `only-mobile` for a widget shown on one device only.',
    }),
    images: t.field({
      type: [WidgetImageRef],
      description: 'Images the configuration refers to by file name.',
      resolve: (w) => w.images,
    }),
    configuration: t.string({
      nullable: false,
      description:
        'The configuration as a JSON document in text. HTML in it is as the editor wrote it, ' +
        "with the seller's placeholders ({{företagsnamn}}, {{organisationsnummer}}, " +
        '{{momsregistreringsnummer}}, {{adress}}, {{e-post}}, {{telefon}}) filled from the ' +
        "shop's settings (issue 40 §2): clients must sanitise it before rendering.",
      resolve: (w, _args, ctx) => fillSellerPlaceholders(w.configuration, ctx.config.seller),
    }),
  }),
});

/** `PageWidgetContainerType`. */
const WidgetContainerRef = builder.objectRef<WidgetContainer>('PageWidgetContainerType').implement({
  description: 'A row of widgets (GEINS-API §4.4).',
  fields: (t) => ({
    id: t.exposeInt('id', { nullable: false, description: 'Container id.' }),
    name: t.exposeString('name', { nullable: false, description: 'Internal name.' }),
    sortOrder: t.exposeInt('sortOrder', { nullable: false, description: 'Order in the page.' }),
    widgets: t.field({
      type: [WidgetRef],
      description: 'Its widgets in order.',
      resolve: (c) => c.widgets,
    }),
    classNames: t.exposeStringList('classNames', { description: 'Extra CSS class names.' }),
    layout: t.exposeString('layout', {
      nullable: false,
      description: "Each widget's share of the row: full, half, third or quarter.",
    }),
    responsiveMode: t.exposeString('responsiveMode', {
      nullable: false,
      description: 'standard or reverse (stacking order on small screens).',
    }),
    design: t.exposeString('design', {
      nullable: false,
      description: 'contained, full-width or highlight.',
    }),
  }),
});

/** `PageAreaType`. */
const PageAreaRef = builder.objectRef<WidgetCollection['pageArea']>('PageAreaType').implement({
  description: 'The area a collection fills.',
  fields: (t) => ({
    id: t.exposeInt('id', { nullable: false, description: 'Area id.' }),
    name: t.exposeString('name', { description: 'Area name, e.g. "The front page area".' }),
    index: t.exposeInt('index', { nullable: false, description: 'Position of the area.' }),
  }),
});

/** `PageWidgetCollectionType`. */
const WidgetCollectionRef = builder
  .objectRef<WidgetCollection>('PageWidgetCollectionType')
  .implement({
    description: 'The widgets of a content page or of a family area (GEINS-API §4.4).',
    fields: (t) => ({
      id: t.exposeInt('id', { nullable: false, description: 'Collection id.' }),
      name: t.exposeString('name', { nullable: false, description: 'Internal name.' }),
      title: t.exposeString('title', { description: 'Heading shown to shoppers.' }),
      familyName: t.exposeString('familyName', {
        description: 'Family: Content, Frontpage, Productlist or Product.',
      }),
      tags: t.exposeStringList('tags', {
        description: 'Tags; "menu" makes the storefront show the info-pages side menu.',
      }),
      meta: t.field({
        type: MetadataRef,
        description: 'Title and description.',
        resolve: (c) => c.meta,
      }),
      pageArea: t.field({
        type: PageAreaRef,
        description: 'The area.',
        resolve: (c) => c.pageArea,
      }),
      containers: t.field({
        type: [WidgetContainerRef],
        description: 'Its rows in order.',
        resolve: (c) => c.containers,
      }),
    }),
  });

/** `PageWidgetPageType`. */
const WidgetPageRef = builder.objectRef<ContentPage>('PageWidgetPageType').implement({
  description: 'A content page (cmsPages; GEINS-API §4.4).',
  fields: (t) => ({
    id: t.exposeInt('id', { nullable: false, description: 'Page id.' }),
    name: t.exposeString('name', { nullable: false, description: 'Internal name.' }),
    title: t.exposeString('title', { description: 'Heading.' }),
    alias: t.exposeString('alias', { description: 'URL alias: the page is at `/{alias}`.' }),
    activeFrom: t.field({
      type: 'DateTime',
      description: 'Shown from (null: always).',
      resolve: (p) => p.activeFrom,
    }),
    activeTo: t.field({
      type: 'DateTime',
      description: 'Shown until (null: always).',
      resolve: (p) => p.activeTo,
    }),
    tags: t.exposeStringList('tags', { description: 'Tags.' }),
    meta: t.field({
      type: MetadataRef,
      description: 'Title and description.',
      resolve: (p) => p.meta,
    }),
    canonicalUrl: t.exposeString('canonicalUrl', { description: 'Router path `/{alias}`.' }),
  }),
});

/** `PageWidgetCollectionFilterInputType`. */
const WidgetFilterInputRef = builder.inputType('PageWidgetCollectionFilterInputType', {
  description:
    'Narrows an area to the collections made for a category, brand, campaign or product ' +
    '(keys SiteId, LanguageId, Product, Category, Brand, DiscountCampaign, Campaign, ' +
    'CustomerType, Parameter; value an id or alias).',
  fields: (t) => ({
    key: t.string({ description: 'Filter key.' }),
    value: t.string({ description: 'An id or alias.' }),
  }),
});

builder.queryFields((t) => ({
  widgetArea: t.field({
    type: WidgetCollectionRef,
    nullable: true,
    description:
      'The widget collection of a content page (by `alias`) or of an area (`family` and ' +
      '`areaName`, narrowed by `filters`), for the market and customer type, within its active ' +
      'dates (GEINS-API §3.1, §2.4). Null when nothing matches (an unknown alias: 404). ' +
      'Its widgets are those for the market and customer type; with `displaySetting` ' +
      '"desktop" or "mobile" only those shown on that device, without it all, a widget for one ' +
      'device only carrying the class name `only-desktop` or `only-mobile`. `url` is accepted ' +
      'and not used. Errors: FORBIDDEN when `preview` is true without a valid preview token ' +
      '(Authorization: Bearer; `npm run content -w apps/api -- preview-token`).',
    args: {
      family: t.arg.string({ description: 'Family, e.g. "Frontpage".' }),
      areaName: t.arg.string({ description: 'Area, e.g. "The front page area".' }),
      alias: t.arg.string({ description: 'A content page alias, e.g. "kopvillkor".' }),
      displaySetting: t.arg.string({
        description: '"desktop" or "mobile": only the widgets shown there (default: all).',
      }),
      customerType: t.arg({
        type: CustomerTypeEnum,
        description:
          "The anonymous shopper's customer type; a logged-in one's wins. Default PERSON.",
      }),
      preview: t.arg.boolean({ description: 'Include drafts (preview token required).' }),
      url: t.arg.string({ description: 'The page path (not used).' }),
      filters: t.arg({
        type: [WidgetFilterInputRef],
        required: { list: false, items: false },
        description: 'Area filters.',
      }),
      ...contextArgs,
    },
    resolve: async (_root, args, ctx) => {
      const preview = args.preview === true;
      const staffActive = (id: number) => isStaffUserActive(ctx.db, id);
      if (
        preview &&
        !(await isPreviewAuthorized(ctx.authorization, ctx.config.auth, ctx.now, staffActive))
      ) {
        throw new ShopError('FORBIDDEN', 'Preview requires a valid preview token');
      }
      const shop = await ctx.shop(args);
      const viewer = await ctx.viewer();
      return findWidgetArea(ctx.db, {
        alias: args.alias,
        family: args.family,
        areaName: args.areaName,
        marketAlias: shop.market.alias,
        customerType: viewer?.customerType ?? args.customerType ?? 'PERSON',
        preview,
        displaySetting: args.displaySetting,
        filters: args.filters,
        now: ctx.now,
      });
    },
  }),
  cmsPages: t.field({
    type: [WidgetPageRef],
    description:
      'Published, active content pages by name: those with one of `includeTags` (when given) ' +
      'and none of `excludeTags` (GEINS-API §3.1).',
    args: {
      includeTags: t.arg.stringList({
        required: { list: false, items: false },
        description: 'Keep pages with one of these tags.',
      }),
      excludeTags: t.arg.stringList({
        required: { list: false, items: false },
        description: 'Drop pages with one of these tags.',
      }),
      ...contextArgs,
    },
    resolve: async (_root, args, ctx) => {
      const shop = await ctx.shop(args);
      const viewer = await ctx.viewer();
      return listContentPages(ctx.db, {
        marketAlias: shop.market.alias,
        customerType: viewer?.customerType ?? 'PERSON',
        now: ctx.now,
        includeTags: args.includeTags,
        excludeTags: args.excludeTags,
      });
    },
  }),
}));
