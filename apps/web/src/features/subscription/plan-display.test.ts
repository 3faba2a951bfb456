import { PLANS } from '@altwise/shared';
import { describe, expect, it } from 'vitest';
import { formatPlanPrice, planButtonState, planIcon } from './plan-display';
import { Building2, Crown, Sparkles, Zap } from 'lucide-react';

const [free, pro, enterprise] = PLANS as [(typeof PLANS)[number], (typeof PLANS)[number], (typeof PLANS)[number]];

describe('formatPlanPrice', () => {
  it('says "Free" when the price is 0, whatever the period', () => {
    expect(formatPlanPrice({ price: 0, period: 'forever' })).toEqual({ amount: 'Free', period: null, spoken: 'Free' });
  });

  it('gives a dollar amount per period otherwise', () => {
    expect(formatPlanPrice({ price: 29, period: 'month' })).toEqual({
      amount: '$29',
      period: '/month',
      spoken: '$29 per month',
    });
    expect(formatPlanPrice({ price: 149, period: 'month' }).amount).toBe('$149');
    expect(formatPlanPrice({ price: 9.5, period: 'month' }).amount).toBe('$9.50');
  });
});

describe('planButtonState', () => {
  const idle = { currentPlanId: 'free', processingPlanId: null };

  it('marks the current plan "Current Plan" and disables it', () => {
    expect(planButtonState(free, idle)).toEqual({ label: 'Current Plan', disabled: true, busy: false });
  });

  it('offers "Upgrade to <plan name>" on the other paid plans', () => {
    expect(planButtonState(pro, idle)).toEqual({ label: 'Upgrade to Pro', disabled: false, busy: false });
    expect(planButtonState(enterprise, idle).label).toBe('Upgrade to Enterprise');
  });

  it('offers "Downgrade to Free" on the free plan when on a paid one', () => {
    const onPro = { currentPlanId: 'pro', processingPlanId: null };
    expect(planButtonState(free, onPro)).toEqual({ label: 'Downgrade to Free', disabled: false, busy: false });
    expect(planButtonState(pro, onPro).label).toBe('Current Plan');
  });

  it('shows "Processing..." busy on the plan in flight and holds every other button', () => {
    const changing = { currentPlanId: 'free', processingPlanId: 'pro' };
    expect(planButtonState(pro, changing)).toEqual({ label: 'Processing...', disabled: true, busy: true });
    expect(planButtonState(enterprise, changing)).toEqual({ label: 'Upgrade to Enterprise', disabled: true, busy: false });
  });

  it('waits while the current plan is not known yet', () => {
    expect(planButtonState(pro, { currentPlanId: null, processingPlanId: null }).disabled).toBe(true);
  });
});

describe('planIcon', () => {
  it('maps the catalogue icon names to lucide icons, with a fallback', () => {
    expect(planIcon('zap')).toBe(Zap);
    expect(planIcon('crown')).toBe(Crown);
    expect(planIcon('building')).toBe(Building2);
    expect(planIcon('unheard-of')).toBe(Sparkles);
  });
});
