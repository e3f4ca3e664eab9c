// Constructed API answers, shaped by the spec, for client tests.
export const UUID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const company = {
  id: UUID(1),
  object: 'company',
  profile_url: 'https://profiles.example/company/acme',
  name: 'Acme Analytics',
  website: 'https://acme.example',
  keywords: ['analytics'],
  followers: 12000,
  profile_presence: 'large',
  estimated_number_of_employees: 320,
  size: '201-500 employees',
  location: 'Austin, Texas',
  location_details: { country: 'US', state: 'Texas', city: 'Austin', postal_code: null, lat: 30.27, long: -97.74 },
  locations: [{ address: '1 Main St, Austin, TX', is_primary: true, country: 'US', state: 'TX', city: 'Austin', postal_code: '78701' }],
  logo_url: 'https://img.example/acme.png',
  founded_year: 2012,
  type: 'Privately Held',
  total_funding: 42000000,
  latest_funding_stage: 'series_b',
  latest_funding_date: '2023-04-01',
  is_b2b: true,
  is_b2c: false,
  technologies: ['Salesforce'],
  department_headcount: { revenue: 40, engineering_technical: 120 },
  job_function_headcount: { revenue: { sales: 30, sales_operations: 10 } },
  estimated_revenue: '$10M-$100M',
  revenue: 55000000,
  some_future_field: 'kept',
};

export const companyLookup = {
  ...company,
  industry: 'Software',
  funding_events: [
    { date: '2023-04-01', type: 'series_b', investors: ['Fund One'], amount: 30000000, currency: 'USD', amount_usd: 30000000 },
  ],
};

export const person = {
  id: UUID(2),
  object: 'person',
  profile_url: 'https://profiles.example/in/jane',
  name: 'Jane Doe',
  email: 'jane@acme.example',
  first_name: 'Jane',
  last_name: 'Doe',
  title: 'VP Sales',
  gender: 'female',
  experiences: [
    {
      object: 'experience',
      title: 'VP Sales',
      company_name: 'Acme',
      company_profile_url: null,
      description: null,
      start_date: '2021-01-01',
      end_date: null,
    },
  ],
  educations: [
    {
      object: 'education',
      degree: 'BA',
      field_of_study: null,
      school_name: 'State U',
      school_profile_url: null,
      start_date: null,
      end_date: null,
    },
  ],
  languages: [{ object: 'language', language: 'English', iso_code: 'en', proficiency: null }],
  phone_numbers: [{ object: 'phone_number', id: UUID(3), number: '+15550100', type: 'mobile', is_wrong_number: false, source: 'service' }],
  company,
  profile_presence: 'moderate',
};

const links = (href: string) => ({ self: { href } });

export const personBatch = (status = 'queued', results: unknown[] = []) => ({
  id: 17,
  object: 'person_enrichment',
  status,
  results,
  _links: links('/people/enrichment-requests/17'),
});

export const companyBatch = (status = 'queued', results: unknown[] = []) => ({
  id: 18,
  object: 'company_enrichment',
  status,
  results,
  _links: links('/companies/enrichment-requests/18'),
});

export const emailBatch = (status = 'queued', results: unknown[] = []) => ({
  id: UUID(4),
  object: 'email_validation',
  status,
  results,
  _links: links(`/email-validations/${UUID(4)}`),
});

export const leadList = (leads: unknown[] = []) => ({
  id: UUID(5),
  object: 'lead_list',
  name: 'Q3 targets',
  status: 'queued',
  url: 'https://app.example/lead-lists/5',
  shared: false,
  visible: true,
  owner: 'owner@acme.example',
  type: 'email',
  options: { reveal_phone_numbers: false, validate_email: true, enrich: true },
  leads,
  _links: links(`/lead-lists/${UUID(5)}`),
});

export const leadEntry = {
  id: UUID(6),
  object: 'lead_list_entry',
  email: 'jane@acme.example',
  person_id: UUID(2),
  profile_url: 'https://profiles.example/in/jane',
  profile: 'jane',
  first_name: 'Jane',
  last_name: 'Doe',
  company_name: 'Acme',
  company_domain: 'acme.example',
  industry: 'Software',
  title: 'VP Sales',
  email_validation_result: { object: 'email_validation_result', email: 'jane@acme.example', result: 'deliverable' },
  data: {},
};

export const callRecord = {
  id: UUID(7),
  disposition_id: UUID(8),
  duration: 95,
  external: false,
  start_date: '2024-05-01T10:00:00Z',
  from: '+15550100',
  to: '+15550199',
  notes: null,
  transcription: null,
  task_id: UUID(9),
  user_id: UUID(10),
  human: true,
  answered: true,
  contact: null,
};

export const contact = {
  id: UUID(11),
  name: 'Jane Doe',
  email: 'jane@acme.example',
  created_at: '2024-01-01T00:00:00Z',
  last_contacted_at: '2024-05-01T10:00:00Z',
  phone_numbers: [{ object: 'phone_number', id: UUID(3), number: '+15550100', type: 'mobile', is_wrong_number: false, kind: 'mobile' }],
  recent_activity: [
    {
      event_at: '2024-05-01T10:00:00Z',
      event_type: 'completed_without_reply',
      sequence_id: 'seq1',
      sequence_type: 'sequence',
      sequence_name: 'Outbound',
    },
  ],
};
