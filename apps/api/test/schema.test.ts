/**
 * schema.graphql is generated and committed (ARCHITECTURE convention 9); the storefront's codegen
 * reads it. This fails when the committed file is stale: run `npm run schema:print`.
 */
import { readFileSync } from 'node:fs';
import {
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isSpecifiedScalarType,
} from 'graphql/index.js';
import { describe, expect, it } from 'vitest';
import { getSchema } from '../src/graphql/schema.ts';
import { printApiSchema } from '../src/graphql/print-schema.ts';

describe('schema.graphql', () => {
  it('is up to date with the Pothos schema (run `npm run schema:print`)', () => {
    const committed = readFileSync(new URL('../schema.graphql', import.meta.url), 'utf8');
    expect(committed).toBe(printApiSchema());
  });

  it('uses the Geins root and type names', () => {
    const sdl = printApiSchema();
    expect(sdl).toContain('query: GeinsMerchantApiQuery');
    for (const name of [
      'ChannelType',
      'MarketType',
      'LanguageType',
      'CurrencyType',
      'CountryType',
      'ProductType',
      'ProductTextsType',
      'ProductImageType',
      'SkuType',
      'StockType',
      'PriceType',
      'BrandType',
      'BrandListType',
      'CategoryType',
      'BreadcrumbType',
      'ParameterGroupType',
      'ParameterType',
      'MetadataType',
      'ProductsResultType',
      'PageInfoType',
      'RelatedProductType',
    ]) {
      expect(sdl).toMatch(new RegExp(`^type ${name} \\{`, 'm'));
    }
    expect(sdl).toMatch(/^input FilterInputType \{/m);
    expect(sdl).toMatch(/^enum SortType \{/m);
    expect(sdl).toMatch(/^enum DiscountType \{/m);
    expect(sdl).toMatch(/^scalar Decimal/m);
  });

  it('documents every type, field, argument and enum value', () => {
    const missing: string[] = [];
    for (const type of Object.values(getSchema().getTypeMap())) {
      if (type.name.startsWith('__') || isSpecifiedScalarType(type)) continue;
      if (!type.description) missing.push(type.name);
      if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
        for (const field of Object.values(type.getFields())) {
          if (!field.description) missing.push(`${type.name}.${field.name}`);
          for (const arg of 'args' in field ? field.args : []) {
            if (!arg.description) missing.push(`${type.name}.${field.name}(${arg.name})`);
          }
        }
      }
      if (isEnumType(type)) {
        for (const value of type.getValues()) {
          if (!value.description) missing.push(`${type.name}.${value.name}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
