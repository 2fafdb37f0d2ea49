import { describe, expect, it } from 'vitest';
import { auditVerdict } from '../../scripts/audit.mjs';

const report = (vulnerabilities: Record<string, number>) =>
  JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities: {},
    metadata: { vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0, ...vulnerabilities } },
  });

describe('auditVerdict', () => {
  it('counts high and critical advisories of an audit that ran', () => {
    expect(auditVerdict(report({ high: 1, critical: 2 }))).toMatchObject({ ran: true, high: 3 });
  });
  it('passes an audit with only low and moderate advisories', () => {
    expect(auditVerdict(report({ low: 4, moderate: 1 }))).toMatchObject({ ran: true, high: 0 });
  });
  it('names an advisory endpoint that did not answer, without counting it as a finding', () => {
    const refused = JSON.stringify({
      message: '405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk',
      statusCode: 405,
      body: '',
    });
    const verdict = auditVerdict(refused);
    expect(verdict.ran).toBe(false);
    expect(verdict.reason).toContain('405 Method Not Allowed');
  });
  it('reads no output as an audit that did not run', () => {
    expect(auditVerdict('')).toMatchObject({ ran: false });
  });
});
