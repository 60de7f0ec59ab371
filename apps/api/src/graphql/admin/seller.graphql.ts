/**
 * The seller's identity on the admin API (issue 40 §2): `adminSellerIdentity` (any staff
 * session), what the shop prints as the seller on the legal pages, receipts, packing slips,
 * e-mail footers and the storefront's JSON-LD (config `seller`, src/seller.ts), and whether
 * receipts can be made, so the back office says what is missing instead of offering a receipt
 * link that answers 503.
 */
import {
  missingReceiptSettings,
  missingSellerSettings,
  type SellerIdentity,
} from '../../seller.ts';
import { adminBuilder } from './builder.ts';
import { requireSession } from './guard.ts';

const SellerIdentityType = adminBuilder.objectRef<SellerIdentity>('AdminSellerIdentity').implement({
  description:
    'The seller as the shop prints it, from the environment (SHOP_LEGAL_NAME, ' +
    'SHOP_ORGANISATION_NUMBER, SHOP_ADDRESS, SHOP_EMAIL, SHOP_PHONE). Outside production an ' +
    'unset value is a made-up example; in production it is null and left out everywhere.',
  fields: (t) => ({
    legalName: t.exposeString('legalName', {
      nullable: true,
      description: 'Registered company name (SHOP_LEGAL_NAME).',
    }),
    organisationNumber: t.exposeString('organisationNumber', {
      nullable: true,
      description: 'Organisationsnummer NNNNNN-NNNN (SHOP_ORGANISATION_NUMBER).',
    }),
    vatNumber: t.exposeString('vatNumber', {
      nullable: true,
      description: 'Momsregistreringsnummer SE…01, from the organisationsnummer.',
    }),
    address: t.exposeString('address', {
      nullable: true,
      description: 'Postal address on one line (SHOP_ADDRESS).',
    }),
    email: t.exposeString('email', {
      nullable: true,
      description: 'Customer-service e-mail (SHOP_EMAIL).',
    }),
    phone: t.exposeString('phone', {
      nullable: true,
      description: 'Customer-service phone as printed (SHOP_PHONE).',
    }),
    receiptsAvailable: t.boolean({
      description:
        'Whether `/admin/orders/{id}/receipt.pdf` can make a receipt: the legal name, address ' +
        'and organisationsnummer are set. False: the download answers 503.',
      resolve: (seller) => missingReceiptSettings(seller).length === 0,
    }),
    missingReceiptSettings: t.stringList({
      description:
        'The environment variables a receipt still needs (SHOP_LEGAL_NAME, SHOP_ADDRESS, ' +
        'SHOP_ORGANISATION_NUMBER); empty when receipts can be made.',
      resolve: (seller) => missingReceiptSettings(seller),
    }),
    missingSettings: t.stringList({
      description: 'Every seller variable that is unset (only ever non-empty in production).',
      resolve: (seller) => missingSellerSettings(seller),
    }),
  }),
});

adminBuilder.queryFields((t) => ({
  adminSellerIdentity: t.field({
    type: SellerIdentityType,
    description:
      'The seller as configured and whether receipts can be made (any staff session; issue 40 §2). ' +
      'Errors: UNAUTHENTICATED.',
    resolve: (_root, _args, ctx) => {
      requireSession(ctx);
      return ctx.config.seller;
    },
  }),
}));
