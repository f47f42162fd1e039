// Generates a realistic marketplace in SQL (fast: one statement per table): projects across the six
// countries and nineteen industries, titles and descriptions from English and Arabic vocabularies,
// skills, budgets in each country's currency, 1% featured, 15% no longer open; and professionals.
import { countries, currencies, industries } from '@mihna/shared';

const quote = (text) => `'${text.replaceAll("'", "''")}'`;
const array = (values) => `ARRAY[${values.map(quote).join(',')}]`;

export const titleHeads = [
  'Website',
  'Mobile app',
  'Brand identity',
  'Marketing campaign',
  'Data dashboard',
  'Online store',
  'Booking system',
  'Accounting setup',
  'Legal review',
  'Interior design',
  'Video production',
  'Translation',
  'Cloud migration',
  'Security audit',
  'Social media',
  'Logo design',
  'CRM integration',
  'Payroll system',
  'Solar installation',
  'Villa renovation',
  'Deep cleaning',
  'AC maintenance',
  'Tutoring',
  'Photography',
  'Event planning',
  'Payment gateway',
  'Chatbot',
  'Inventory system',
  'Recruitment',
  'Fleet tracking',
];
export const arabicHeads = [
  'تصميم موقع',
  'تطبيق جوال',
  'هوية تجارية',
  'حملة تسويقية',
  'لوحة بيانات',
  'متجر إلكتروني',
  'نظام حجوزات',
  'ترجمة عقود',
  'تصميم داخلي',
  'إنتاج فيديو',
  'صيانة مكيفات',
  'تنظيف شامل',
  'دروس خصوصية',
  'تصوير منتجات',
  'تدقيق حسابات',
];
const purposes = [
  'for a Dubai restaurant',
  'for a Riyadh clinic',
  'for a Doha retailer',
  'for a Kuwait logistics firm',
  'for an Omani hotel',
  'for a Bahrain fintech',
  'for a real estate agency',
  'for a government portal',
  'for a school group',
  'for a car dealership',
  'for a family business',
  'for an oil and gas contractor',
  'for a fashion brand',
  'for a startup',
  'for a law firm',
];
const arabicPurposes = ['لمطعم في دبي', 'لعيادة في الرياض', 'لشركة عقارية', 'لمدرسة خاصة', 'لمتجر أزياء', 'لشركة ناشئة', 'لفندق في مسقط'];
const sentences = [
  'We need an experienced professional who can start quickly and communicate clearly.',
  'The work must support Arabic and English, including right-to-left layouts.',
  'Please share similar projects you have delivered in the Gulf region.',
  'Milestones will be paid through escrow on approval of each deliverable.',
  'The scope includes discovery, design, delivery and two weeks of support.',
  'Our team is based in the office but remote collaboration is welcome.',
  'Experience with government regulations and VAT compliance is a plus.',
  'We expect weekly progress updates and a shared timeline.',
  'نحتاج إلى محترف ذي خبرة يلتزم بالمواعيد ويتواصل بوضوح.',
  'يجب أن يدعم العمل اللغتين العربية والإنجليزية.',
];
export const skills = [
  'React',
  'Next.js',
  'Node.js',
  'TypeScript',
  'Python',
  'Django',
  'Flutter',
  'Swift',
  'Kotlin',
  'Figma',
  'UX Design',
  'UI Design',
  'WordPress',
  'Shopify',
  'SEO',
  'Google Ads',
  'Copywriting',
  'Arabic Translation',
  'Video Editing',
  'Photography',
  'AutoCAD',
  'Revit',
  'Project Management',
  'Accounting',
  'Xero',
  'QuickBooks',
  'Excel',
  'Power BI',
  'SQL',
  'AWS',
  'Azure',
  'DevOps',
  'Cybersecurity',
  'Salesforce',
  'HubSpot',
  'SAP',
  'Legal Drafting',
  'Interior Design',
  '3D Rendering',
  'Electrical Work',
  'Plumbing',
  'Cleaning',
  'AC Repair',
  'Carpentry',
  'Tutoring',
  'Event Management',
  'Recruitment',
  'Payroll',
  'HR Consulting',
  'Social Media',
  'Illustration',
  'Motion Graphics',
  'Data Analysis',
  'Machine Learning',
  'Chatbots',
  'Payment Integration',
];
export const searchTerms = [
  'website',
  'mobile app',
  'design',
  'marketing',
  'dashboard',
  'store',
  'booking',
  'accounting',
  'legal',
  'interior',
  'video',
  'translation',
  'cloud',
  'security',
  'social media',
  'logo',
  'crm',
  'payroll',
  'solar',
  'renovation',
  'cleaning',
  'maintenance',
  'tutoring',
  'photography',
  'event',
  'payment',
  'chatbot',
  'inventory',
  'recruitment',
  'fleet',
  'restaurant',
  'clinic',
  'startup',
  'government',
  'fashion',
  'تصميم',
  'تطبيق',
  'ترجمة',
  'صيانة',
  'تسويقية',
  'متجر',
  'عقارية',
];

const regionList = countries.flatMap((country) => country.regions.map((region) => `${country.code}:${region.id}`));
const cityList = countries.flatMap((country) =>
  country.regions.flatMap((region) => region.cities.map((city) => `${country.code}:${region.id}:${city.id}`)),
);
const currencyList = countries.map((country) => {
  const currency = currencies.find((candidate) => candidate.code === country.currency);
  return { country: country.code, currency: currency.code, decimals: currency.decimals, perUsd: currency.perUsd };
});

/** Inserts `count` projects owned by `employers` (an array of user ids in `bench_employers`). */
export function projectsSql(count) {
  // Country weights: UAE 45%, Saudi 25%, Qatar 10%, Kuwait 8%, Oman 7%, Bahrain 5%.
  return `
with country_info(idx, code, currency, decimals, per_usd) as (values ${currencyList
    .map((entry, index) => `(${index}, ${quote(entry.country)}, ${quote(entry.currency)}, ${entry.decimals}, ${entry.perUsd})`)
    .join(',')}),
regions as (select split_part(r, ':', 1) as code, split_part(r, ':', 2) as region, row_number() over (partition by split_part(r, ':', 1)) - 1 as n,
                   count(*) over (partition by split_part(r, ':', 1)) as total from unnest(${array(regionList)}) as r),
cities as (select split_part(c, ':', 1) || ':' || split_part(c, ':', 2) as region_key, split_part(c, ':', 3) as city,
                  row_number() over (partition by split_part(c, ':', 1), split_part(c, ':', 2)) - 1 as n,
                  count(*) over (partition by split_part(c, ':', 1), split_part(c, ':', 2)) as total from unnest(${array(cityList)}) as c),
employers as (select array_agg(id) as ids from users where role = 'employer'),
seeds as (
  select g, random() as rc, random() as rr, random() as rt, random() as rb, random() as rf, random() as rs, random() as ra, random() as ry
  from generate_series(1, ${count}) as g
),
placed as (
  select seeds.*, ci.*, (select region from regions where regions.code = ci.code and regions.n = floor(rr * regions.total)) as region
  from seeds
  join country_info ci on ci.idx = case when rc < 0.45 then 0 when rc < 0.70 then 1 when rc < 0.80 then 2 when rc < 0.88 then 3 when rc < 0.95 then 4 else 5 end
)
insert into jobs (employer_id, title, description, skills_required, job_type, status, country, region, city, industry_category,
  payment_method, currency, budget_min_minor, budget_max_minor, budget_min_usd, budget_max_usd, featured_until, is_urgent,
  allow_remote, location_required, proposal_count, view_count, created_at)
select
  e.ids[1 + (g % array_length(e.ids, 1))],
  case when rt < 0.25
    then (${array(arabicHeads)})[1 + floor(random() * ${arabicHeads.length})::int] || ' ' || (${array(arabicPurposes)})[1 + floor(random() * ${arabicPurposes.length})::int]
    else (${array(titleHeads)})[1 + floor(random() * ${titleHeads.length})::int] || ' ' || (${array(purposes)})[1 + floor(random() * ${purposes.length})::int] end,
  (${array(sentences)})[1 + floor(random() * ${sentences.length})::int] || ' ' || (${array(sentences)})[1 + floor(random() * ${sentences.length})::int] || ' '
    || (${array(sentences)})[1 + floor(random() * ${sentences.length})::int],
  array[(${array(skills)})[1 + floor(random() * ${skills.length})::int], (${array(skills)})[1 + floor(random() * ${skills.length})::int], (${array(skills)})[1 + floor(random() * ${skills.length})::int]],
  case when rs < 0.4 then 'hourly' else 'fixed' end,
  case when ra < 0.85 then 'open' when ra < 0.93 then 'assigned' else 'completed' end,
  ci.code,
  ci.region,
  -- Seven in ten name a city of their region; the rest only the region.
  case when ry < 0.7 then (select city from cities where cities.region_key = ci.code || ':' || ci.region and cities.n = floor(ry / 0.7 * cities.total)) end,
  (${array(industries.map((industry) => industry.id))})[1 + floor(random() * ${industries.length})::int],
  'escrow', ci.currency,
  round(b.amount * power(10, ci.decimals))::bigint,
  round(b.amount * 2 * power(10, ci.decimals))::bigint,
  round(b.amount / ci.per_usd * 100)::bigint,
  round(b.amount * 2 / ci.per_usd * 100)::bigint,
  case when rf < 0.01 then now() + interval '3 days' when rf < 0.02 then now() - interval '3 days' else null end,
  rf > 0.85, rs > 0.6, rs < 0.2,
  floor(random() * 30)::int, floor(random() * 500)::int,
  now() - (g::float / ${count}) * interval '730 days'
from placed ci
cross join employers e
cross join lateral (select round((power(10, 2 + rb * 3) * ci.per_usd / 3.6725)::numeric, 0)::float as amount) b`;
}

/**
 * Inserts `count` users of a role with searchable profiles (all share one unusable password hash).
 * Professionals live across the six countries (weighted as projects are) and their regions; one in
 * eight hides their location; three in ten have no reviews yet, the rest rate 3.0 to 5.0 from 1 to 120
 * reviews; rates run from AED 50 to 449 an hour.
 */
export function usersSql(count, role, offset) {
  return `
with regions as (select split_part(r, ':', 1) as code, split_part(r, ':', 2) as region, row_number() over (partition by split_part(r, ':', 1)) - 1 as n,
                        count(*) over (partition by split_part(r, ':', 1)) as total from unnest(${array(regionList)}) as r),
seeds as (select g, random() as rc, random() as rr, random() as rv, random() as rl from generate_series(1, ${count}) as g),
placed as (
  select s.*, c.code,
    (select region from regions where regions.code = c.code and regions.n = floor(s.rr * regions.total)) as region
  from seeds s
  join (values (0, 'AE'), (1, 'SA'), (2, 'QA'), (3, 'KW'), (4, 'OM'), (5, 'BH')) as c(idx, code)
    on c.idx = case when s.rc < 0.45 then 0 when s.rc < 0.70 then 1 when s.rc < 0.80 then 2 when s.rc < 0.88 then 3 when s.rc < 0.95 then 4 else 5 end
)
insert into users (email, phone_number, country_code, first_name, last_name, role, password_hash, verification_method, skills,
  career_highlights, hourly_rate_minor, years_of_experience, bio, company_name, country, emirate, show_location, industry_category,
  total_rating, total_reviews, created_at)
select
  'bench.' || ${quote(role)} || '.' || (g + ${offset}) || '@bench.mihna.ae', (600000000 + g + ${offset})::text, '+971',
  (array['Layla','Omar','Fatima','Ahmed','Noura','Khalid','Priya','Rahul','Maria','Yousef','Hessa','Saeed'])[1 + g % 12],
  (array['Haddad','Al Mansoori','Khan','Nair','Santos','Al Thani','Al Sabah','Al Balushi','Hamdan','Farouk'])[1 + g % 10],
  ${quote(role)}, 'bench-not-a-password', 'email',
  array[(${array(skills)})[1 + g % ${skills.length}], (${array(skills)})[1 + (g * 7) % ${skills.length}], (${array(skills)})[1 + (g * 13) % ${skills.length}]],
  array['Delivered projects across the Gulf'], (50 + (g % 400)) * 100, g % 30,
  (${array(sentences)})[1 + g % ${sentences.length}],
  case when ${quote(role)} = 'employer' then 'Bench Company ' || g else null end,
  code, region, rl >= 0.125,
  (${array(industries.map((industry) => industry.id))})[1 + g % ${industries.length}],
  case when rv < 0.3 then 0 else round((3 + (rv - 0.3) / 0.7 * 2)::numeric, 2) end,
  case when rv < 0.3 then 0 else 1 + (g * 11) % 120 end,
  now() - (g % 1000) * interval '1 day'
from placed`;
}
