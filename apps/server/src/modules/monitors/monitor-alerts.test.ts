import { describe, expect, it } from 'vitest';
import { alertReasons, monitorRegressedMail } from './monitor-alerts';

const base = { firstName: 'Ada', siteUrl: 'https://shop.example/', failing: 12, link: 'https://altwise.example/api/v1/monitors/m/runs/r' };

describe('monitor alerts', () => {
  it('alerts on regressions, on coverage below the threshold, on both, and on neither otherwise', () => {
    expect(alertReasons({ regressed: 2, coverage: 0.99 }, null)).toEqual(['regressed']);
    expect(alertReasons({ regressed: 0, coverage: 0.85 }, 0.9)).toEqual(['coverage']);
    expect(alertReasons({ regressed: 1, coverage: 0.85 }, 0.9)).toEqual(['regressed', 'coverage']);
    // At the threshold is not below it; a run without images has no coverage to fall.
    expect(alertReasons({ regressed: 0, coverage: 0.9 }, 0.9)).toEqual([]);
    expect(alertReasons({ regressed: 0, coverage: null }, 0.9)).toEqual([]);
    expect(alertReasons({ regressed: 0, coverage: 0.1 }, null)).toEqual([]);
  });

  it('says in the mail why it was sent', () => {
    const coverage = monitorRegressedMail({ ...base, regressed: 0, coverage: 0.855, coverageThreshold: 0.9 });
    expect(coverage.subject).toBe('Alt text coverage fell below 90% on shop.example');
    expect(coverage.text).toContain('85.5% of the images of https://shop.example/ have an acceptable text alternative, below the 90% you set for this monitor.');
    expect(coverage.text).not.toContain('got worse');

    const both = monitorRegressedMail({ ...base, regressed: 1, coverage: 0.855, coverageThreshold: 0.9 });
    expect(both.subject).toBe('1 image got worse on shop.example');
    expect(both.text).toContain('found 1 image whose text alternative got worse');
    expect(both.text).toContain('below the 90% you set');
  });
});
