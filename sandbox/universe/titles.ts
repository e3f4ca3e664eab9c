// Job titles by department and seniority, so titles, headlines and experiences read like a career.
import type { Department } from './taxonomy';

export const TITLES: Partial<Record<Department, ReadonlyArray<readonly [string, number]>>> = {
  revenue: [
    ['Sales Development Representative', 5], ['Business Development Representative', 4], ['Account Executive', 8], ['Senior Account Executive', 5],
    ['Enterprise Account Executive', 3], ['Account Manager', 4], ['Customer Success Manager', 5], ['Sales Manager', 3],
    ['Director of Sales', 3], ['Head of Partnerships', 1], ['VP of Sales', 2], ['Revenue Operations Manager', 2], ['Chief Revenue Officer', 1],
  ],
  marketing: [
    ['Marketing Manager', 5], ['Demand Generation Manager', 4], ['Content Marketing Manager', 3], ['Product Marketing Manager', 4],
    ['Growth Marketing Lead', 2], ['Director of Marketing', 3], ['Head of Brand', 1], ['VP of Marketing', 2], ['Chief Marketing Officer', 1],
  ],
  engineering_technical: [
    ['Software Engineer', 8], ['Senior Software Engineer', 6], ['Staff Engineer', 2], ['Engineering Manager', 3], ['Data Scientist', 3],
    ['DevOps Engineer', 2], ['QA Engineer', 2], ['Director of Engineering', 2], ['VP of Engineering', 1], ['Chief Technology Officer', 1],
  ],
  product: [['Product Manager', 6], ['Senior Product Manager', 4], ['Group Product Manager', 2], ['Director of Product', 2], ['VP of Product', 1]],
  design: [['Product Designer', 5], ['Senior Product Designer', 3], ['Brand Designer', 2], ['Head of Design', 1]],
  operations: [['Operations Manager', 5], ['Operations Analyst', 4], ['Supply Chain Manager', 3], ['Director of Operations', 2], ['Chief Operating Officer', 1]],
  finance: [['Financial Analyst', 5], ['Senior Accountant', 3], ['Controller', 2], ['FP&A Manager', 2], ['VP of Finance', 1], ['Chief Financial Officer', 1]],
  human_resources: [['Recruiter', 5], ['Talent Acquisition Partner', 3], ['HR Business Partner', 3], ['People Operations Manager', 2], ['Head of People', 1], ['Chief People Officer', 1]],
  information_technology: [['IT Support Specialist', 4], ['Systems Administrator', 3], ['Security Engineer', 3], ['IT Manager', 3], ['Director of IT', 1], ['Chief Information Officer', 1]],
  legal: [['Paralegal', 2], ['Corporate Counsel', 3], ['Compliance Manager', 2], ['General Counsel', 1]],
  senior_leadership: [['Founder & CEO', 3], ['Co-Founder', 2], ['Chief Executive Officer', 2], ['President', 1], ['Managing Director', 2]],
  consulting: [['Consultant', 5], ['Senior Consultant', 4], ['Principal Consultant', 2], ['Partner', 1]],
  medical_health: [['Registered Nurse', 5], ['Physician', 3], ['Clinical Manager', 2], ['Medical Director', 1]],
  education: [['Teacher', 4], ['Instructional Designer', 3], ['Professor', 2], ['Principal', 1]],
};

/** Where the people a prospecting user looks up tend to work. */
export const PERSON_DEPARTMENTS: ReadonlyArray<readonly [Department, number]> = [
  ['revenue', 30], ['marketing', 16], ['senior_leadership', 10], ['engineering_technical', 10], ['product', 6], ['operations', 7],
  ['finance', 5], ['human_resources', 5], ['information_technology', 4], ['design', 2], ['legal', 2], ['consulting', 2],
  ['medical_health', 1], ['education', 1],
];

export const TAGLINES = [
  'Helping teams grow revenue', 'Building things customers love', 'Passionate about data-driven growth', 'Turning strategy into results',
  'Always learning', 'Customer obsessed', 'Scaling go-to-market teams', 'Making complex things simple',
] as const;
