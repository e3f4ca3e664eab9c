// The spec's enumerations the universe must stay inside: department and job-function keys,
// company sizes, presence bands, funding stages, revenue ranges, job seniorities.

export const JOB_FUNCTIONS = {
  finance: ['accounting', 'finance', 'financial_planning_analysis', 'financial_reporting', 'financial_risk', 'financial_strategy', 'financial_systems', 'internal_audit_control', 'investor_relations', 'mergers_acquisitions', 'real_estate_finance', 'shared_services', 'sourcing_procurement', 'tax', 'treasury'],
  legal: ['acquisitions', 'compliance', 'contracts', 'corporate_secretary', 'ediscovery', 'ethics', 'governance', 'governmental_affairs_regulatory_law', 'intellectual_property_patent', 'labor_employment', 'lawyer_attorney', 'legal', 'legal_counsel', 'legal_operations', 'litigation', 'privacy'],
  revenue: ['account_management', 'business_development', 'channel_sales', 'customer_retention_development', 'customer_success', 'field_outside_sales', 'inside_sales', 'partnerships', 'revenue_operations', 'sales', 'sales_enablement', 'sales_engineering', 'sales_operations', 'sales_training'],
  engineering_technical: ['artificial_intelligence_machine_learning', 'bioengineering_biometrics', 'business_intelligence', 'chemical_engineering', 'cloud_mobility', 'data_science', 'devops', 'digital_transformation', 'emerging_technology_innovation', 'engineering_technical', 'industrial_engineering', 'mechanic', 'mobile_development', 'project_management', 'research_development', 'scrum_master_agile_coach', 'software_development', 'support_technical_services', 'technician', 'technology_operations', 'test_quality_assurance', 'ui_ux', 'web_development'],
  operations: ['call_center', 'construction', 'corporate_strategy', 'customer_service_support', 'enterprise_resource_planning', 'facilities_management', 'leasing', 'logistics', 'office_operations', 'operations', 'physical_security', 'project_development', 'quality_management', 'real_estate', 'safety', 'store_operations', 'supply_chain'],
  senior_leadership: ['executive', 'finance_executive', 'founder', 'human_resources_executive', 'information_technology_executive', 'legal_executive', 'marketing_executive', 'medical_health_executive', 'operations_executive', 'sales_executive'],
  medical_health: ['anesthesiology', 'chiropractics', 'clinical_systems', 'dentistry', 'dermatology', 'doctors_physicians', 'epidemiology', 'first_responder', 'medical_administration', 'medical_education_training', 'medical_research', 'medicine', 'neurology', 'nursing', 'nutrition_dietetics', 'obstetrics_gynecology', 'oncology', 'ophthalmology', 'optometry', 'orthopedics', 'pathology', 'pediatrics', 'pharmacy', 'physical_therapy', 'psychiatry', 'psychology', 'public_health', 'radiology', 'social_work'],
  information_technology: ['application_development', 'business_service_management_itsm', 'collaboration_web_app', 'data_center', 'data_warehouse', 'database_administration', 'ecommerce_development', 'enterprise_architecture', 'help_desk_desktop_services', 'hr_financial_erp_systems', 'information_security', 'information_technology', 'infrastructure', 'it_asset_management', 'it_audit_it_compliance', 'it_operations', 'it_procurement', 'it_strategy', 'it_training', 'networking', 'project_program_management', 'quality_assurance', 'retail_store_systems', 'servers', 'storage_disaster_recovery', 'telecommunications', 'virtualization'],
  education: ['principal', 'professor', 'superintendent', 'teacher'],
  marketing: ['advertising', 'brand_management', 'content_marketing', 'customer_experience', 'customer_marketing', 'demand_generation', 'digital_marketing', 'ecommerce_marketing', 'event_marketing', 'field_marketing', 'lead_generation', 'marketing', 'marketing_analytics_insights', 'marketing_communications', 'marketing_operations', 'product_marketing', 'public_relations', 'search_engine_optimization_pay_per_click', 'social_media_marketing', 'strategic_communications', 'technical_marketing'],
  consulting: ['consultant'],
  human_resources: ['compensation_benefits', 'culture_diversity_inclusion', 'employee_labor_relations', 'health_safety', 'hr_business_partner', 'human_resource_information_system', 'human_resources', 'learning_development', 'organizational_development', 'people_operations', 'recruiting_talent_acquisition', 'talent_management', 'workforce_management'],
  design: ['graphic_visual_brand_design', 'product_or_ui_ux_design'],
  product: ['product_development', 'product_management'],
} as const;

export type Department = keyof typeof JOB_FUNCTIONS;
export const DEPARTMENTS = Object.keys(JOB_FUNCTIONS) as Department[];
export const ALL_JOB_FUNCTIONS: ReadonlyArray<string> = DEPARTMENTS.flatMap((d) => JOB_FUNCTIONS[d]);

/** Sizes the spec allows, with the employee range each covers. */
export const SIZE_BANDS = [
  { size: '1-10 employees', min: 1, max: 10 },
  { size: '11-50 employees', min: 11, max: 50 },
  { size: '51-200 employees', min: 51, max: 200 },
  { size: '201-500 employees', min: 201, max: 500 },
  { size: '10001+ employees', min: 10001, max: 180000 },
] as const;

export function sizeFor(employees: number): string {
  const band = SIZE_BANDS.find((b) => employees >= b.min && employees <= b.max);
  if (!band) throw new Error(`no size band holds ${employees} employees`);
  return band.size;
}

export function companyPresence(followers: number): string {
  if (followers >= 100000) return 'massive';
  if (followers >= 10000) return 'large';
  if (followers >= 1000) return 'moderate';
  if (followers >= 1) return 'limited';
  return 'none';
}

export function personPresence(followers: number): string {
  if (followers >= 10000) return 'influencer';
  if (followers >= 5000) return 'micro_influencer';
  if (followers >= 500) return 'large';
  if (followers >= 100) return 'moderate';
  if (followers >= 1) return 'limited';
  return 'none';
}

export const REVENUE_BANDS = [
  { label: '$0-$1M', min: 50000, max: 1000000 },
  { label: '$1M-$10M', min: 1000000, max: 10000000 },
  { label: '$10M-$100M', min: 10000000, max: 100000000 },
  { label: '$100M-$1B', min: 100000000, max: 1000000000 },
  { label: '$1B+', min: 1000000000, max: 40000000000 },
] as const;

export const COMPANY_TYPES = ['Public Company', 'Educational', 'Self Employed', 'Government Agency', 'Non Profit', 'Self Owned', 'Privately Held', 'Partnership'] as const;

/** Funding rounds in the order a company raises them, with a typical amount range in USD. */
export const FUNDING_ROUNDS: ReadonlyArray<readonly [string, number, number]> = [
  ['seed', 500000, 3000000],
  ['series_a', 5000000, 20000000],
  ['series_b', 15000000, 60000000],
  ['series_c', 40000000, 150000000],
  ['series_d', 80000000, 300000000],
  ['series_e', 150000000, 500000000],
];
export const OTHER_FUNDING = ['angel', 'venture_round_unknown_series', 'debt', 'convertible_note', 'private_equity', 'equity_crowdfunding', 'other'] as const;

export const JOB_SENIORITIES = ['Owner', 'Founder', 'C-Suite', 'Partner', 'VP', 'Head', 'Director', 'Manager', 'Senior', 'Entry', 'Intern', 'Other', 'Non-Manager', 'Founder / Owner'] as const;

export const PHONE_TYPES = ['mobile', 'office', 'phone', 'landline', 'voip', 'direct'] as const;
