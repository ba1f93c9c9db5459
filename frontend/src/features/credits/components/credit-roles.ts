/**
 * Who looks at a credits list: super_admin allocates credit and audits every transaction (`admin`,
 * /admin-credits); a partner finds its athletes and records purchases (`partner`, /partner-credits).
 */
export type CreditsRole = 'admin' | 'partner';
