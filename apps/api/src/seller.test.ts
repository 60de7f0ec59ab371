/**
 * The seller's identity (issue 40 §2): the VAT number from the organisationsnummer, what a
 * receipt still needs, phone numbers for `tel:` links, address parts, and the content
 * placeholders filled from the one source (escaped, "(uppgift saknas)" when unset).
 */
import { describe, expect, it } from 'vitest';
import { fillSellerPlaceholders } from './modules/content/seller-placeholders.ts';
import {
  internationalPhone,
  missingReceiptSettings,
  missingSellerSettings,
  postalAddressParts,
  vatNumberOf,
} from './seller.ts';
import { EXAMPLE_SELLER, sellerFromEnv } from './seller-config.ts';

describe('seller identity', () => {
  it('derives the VAT number and names what a receipt still needs', () => {
    expect(vatNumberOf('556016-0680')).toBe('SE556016068001');
    const example = sellerFromEnv({}, false);
    expect(example).toMatchObject({ ...EXAMPLE_SELLER, vatNumber: 'SE556677889901' });
    expect(missingReceiptSettings(example)).toEqual([]);
    const production = sellerFromEnv({ SHOP_EMAIL: 'hej@cykel.example' }, true);
    expect(missingReceiptSettings(production)).toEqual([
      'SHOP_LEGAL_NAME',
      'SHOP_ADDRESS',
      'SHOP_ORGANISATION_NUMBER',
    ]);
    expect(missingSellerSettings(production)).toEqual([
      'SHOP_LEGAL_NAME',
      'SHOP_ORGANISATION_NUMBER',
      'SHOP_ADDRESS',
      'SHOP_PHONE',
    ]);
    const complete = sellerFromEnv(
      {
        SHOP_LEGAL_NAME: 'Cykel AB',
        SHOP_ORGANISATION_NUMBER: '556016-0680',
        SHOP_ADDRESS: 'Vägen 1, 903 26 Umeå',
      },
      true,
    );
    expect(missingReceiptSettings(complete)).toEqual([]);
  });

  it('writes phone numbers in international form and splits a Swedish address', () => {
    expect(internationalPhone('010-123 45 67')).toBe('+46101234567');
    expect(internationalPhone('+47 22 12 34 56')).toBe('+4722123456');
    expect(internationalPhone('0046 8 123 456')).toBe('+468123456');
    expect(postalAddressParts('Storgatan 1, 111 22 Stockholm')).toEqual({
      streetAddress: 'Storgatan 1',
      postalCode: '111 22',
      addressLocality: 'Stockholm',
    });
    expect(postalAddressParts('Box 12, 90326 Umeå')).toMatchObject({ postalCode: '903 26' });
    expect(postalAddressParts('Hamngatan 3')).toEqual({ streetAddress: 'Hamngatan 3' });
  });

  it('fills the content placeholders, escaped for HTML inside JSON', () => {
    const seller = sellerFromEnv(
      {
        SHOP_LEGAL_NAME: 'Cykel & Sport "Norr" AB',
        SHOP_ORGANISATION_NUMBER: '556016-0680',
        SHOP_ADDRESS: 'Storgatan 2, 903 26 Umeå',
        SHOP_EMAIL: 'hej@cykelsport.example',
        SHOP_PHONE: '090-12 34 56',
      },
      true,
    );
    const configuration = JSON.stringify({
      text: '<p>{{företagsnamn}} (org.nr {{organisationsnummer}}, {{momsregistreringsnummer}}), {{adress}}. <a href="mailto:{{e-post}}">{{e-post}}</a> <a href="tel:{{telefon}}">{{telefon}}</a> {{okänd}}</p>',
    });
    const filled = JSON.parse(fillSellerPlaceholders(configuration, seller)) as { text: string };
    expect(filled.text).toBe(
      '<p>Cykel &amp; Sport &quot;Norr&quot; AB (org.nr 556016-0680, SE556016068001), Storgatan 2, 903 26 Umeå. <a href="mailto:hej@cykelsport.example">hej@cykelsport.example</a> <a href="tel:+4690123456">090-12 34 56</a> {{okänd}}</p>',
    );
    // Production without the settings: nothing made up, the gap is visible.
    const unset = JSON.parse(fillSellerPlaceholders(configuration, sellerFromEnv({}, true))) as {
      text: string;
    };
    expect(unset.text).toBe(
      '<p>(uppgift saknas) (org.nr (uppgift saknas), (uppgift saknas)), (uppgift saknas). <a href="mailto:">(uppgift saknas)</a> <a href="tel:">(uppgift saknas)</a> {{okänd}}</p>',
    );
    expect(fillSellerPlaceholders('{"text":"<p>Hej</p>"}', seller)).toBe('{"text":"<p>Hej</p>"}');
  });
});
