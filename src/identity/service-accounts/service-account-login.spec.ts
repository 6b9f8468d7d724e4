import { serviceAccountLogin } from './service-accounts.service';

describe('serviceAccountLogin', () => {
  it('slugs the name under the org, as Grafana does', () => {
    expect(serviceAccountLogin(1, 'Terraform CI')).toBe('sa-1-terraform-ci');
    expect(serviceAccountLogin(3, '  --Ops!! bot--')).toBe('sa-3-ops-bot');
    expect(serviceAccountLogin(1, '***')).toBe('sa-1-account');
  });
});
