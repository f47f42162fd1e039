import { money } from '@mihna/shared';
import { describe, expect, it } from 'vitest';
import { cascadeChange, currencyOfForm, isCashAllowed, liveFeaturedFee, type CascadingValues } from './post-job-rules.ts';

const values: CascadingValues = {
  country: 'AE',
  emirate: 'dubai',
  city: 'jebel_ali',
  industry_category: 'local_services',
  local_service_category: 'cleaning_services',
  local_service_subcategory: 'maid_service',
  payment_method: 'cash',
};

describe('cascadeChange', () => {
  it('a new country empties the emirate, the city and cash payment', () => {
    expect(cascadeChange('country', 'SA', values)).toEqual({ emirate: '', city: '', payment_method: 'escrow' });
  });

  it('a new emirate empties the city; clearing the emirate also resets payment to escrow', () => {
    expect(cascadeChange('emirate', 'sharjah', values)).toEqual({ city: '' });
    expect(cascadeChange('emirate', '', values)).toEqual({ city: '', payment_method: 'escrow' });
  });

  it('a new industry empties the local service fields; a new category empties the subcategory', () => {
    expect(cascadeChange('industry_category', 'technology_it', values)).toEqual({
      local_service_category: '',
      local_service_subcategory: '',
    });
    expect(cascadeChange('local_service_category', 'personal_services', values)).toEqual({ local_service_subcategory: '' });
  });

  it('choosing the same value again changes nothing', () => {
    expect(cascadeChange('country', 'AE', values)).toEqual({});
    expect(cascadeChange('city', 'dubai', values)).toEqual({});
  });
});

describe('payment and currency', () => {
  it('allows cash only once an emirate or region is chosen', () => {
    expect(isCashAllowed({ emirate: '' })).toBe(false);
    expect(isCashAllowed({ emirate: 'dubai' })).toBe(true);
  });

  it('budgets in the country currency, AED without a known country', () => {
    expect(currencyOfForm('KW')).toBe('KWD');
    expect(currencyOfForm('')).toBe('AED');
  });
});

describe('liveFeaturedFee', () => {
  it('is 1% of the average budget, at least 5 AED', () => {
    expect(liveFeaturedFee('10000', '20000', 'AED')).toEqual(money(15_000, 'AED'));
    expect(liveFeaturedFee('100', '200', 'AED')).toEqual(money(500, 'AED'));
  });

  it('uses the 5 AED minimum as a round amount in the country currency', () => {
    expect(liveFeaturedFee('1', '2', 'KWD')).toEqual(money(400, 'KWD'));
  });

  it('reads budgets typed in Arabic-Indic digits with grouped thousands', () => {
    expect(liveFeaturedFee('١٠٬٠٠٠', '٣٠٬٠٠٠', 'AED')).toEqual(money(20_000, 'AED'));
  });

  it('waits until both budgets are numbers', () => {
    expect(liveFeaturedFee('', '200', 'AED')).toBeNull();
    expect(liveFeaturedFee('abc', '200', 'AED')).toBeNull();
  });
});
