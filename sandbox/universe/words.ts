// Word lists the synthetic universe draws from: names, schools, languages, company-name parts.

export const FEMALE_NAMES = [
  'Olivia', 'Emma', 'Ava', 'Sophia', 'Isabella', 'Mia', 'Charlotte', 'Amelia', 'Harper', 'Evelyn',
  'Abigail', 'Emily', 'Elizabeth', 'Sofia', 'Madison', 'Avery', 'Ella', 'Scarlett', 'Grace', 'Chloe',
  'Victoria', 'Riley', 'Aria', 'Lily', 'Zoe', 'Hannah', 'Layla', 'Nora', 'Leah', 'Priya',
  'Ananya', 'Mei', 'Yuki', 'Fatima', 'Amara', 'Ingrid', 'Camille', 'Lucia', 'Giulia', 'Hanna',
  'Julia', 'Jane', 'Laura', 'Sarah', 'Rachel', 'Natalie', 'Claire', 'Megan', 'Diana', 'Elena', 'Beatriz',
] as const;

export const MALE_NAMES = [
  'Liam', 'Noah', 'Oliver', 'Elijah', 'James', 'William', 'Benjamin', 'Lucas', 'Henry', 'Alexander',
  'Mason', 'Michael', 'Ethan', 'Daniel', 'Jacob', 'Logan', 'Jackson', 'Sebastian', 'Jack', 'Aiden',
  'Owen', 'Samuel', 'Matthew', 'Joseph', 'David', 'Carter', 'Wyatt', 'John', 'Luke', 'Gabriel',
  'Arjun', 'Rahul', 'Wei', 'Kenji', 'Omar', 'Kwame', 'Lars', 'Pierre', 'Marco', 'Jonas',
  'Thomas', 'Andrew', 'Ryan', 'Nathan', 'Kevin', 'Brian', 'Eric', 'Mark', 'Paul', 'Diego',
] as const;

export const UNISEX_NAMES = ['Alex', 'Jordan', 'Taylor', 'Morgan', 'Casey', 'Jamie', 'Robin', 'Sam', 'Quinn', 'Drew'] as const;

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
  'Patel', 'Shah', 'Kumar', 'Chen', 'Wang', 'Kim', 'Park', 'Tanaka', 'Sato', 'Mueller',
  'Schmidt', 'Fischer', 'Weber', 'Dubois', 'Laurent', 'Rossi', 'Bianchi', 'Silva', 'Santos', 'Okafor',
  'Mensah', 'Andersson', 'Johansson', 'Nielsen', 'Novak', 'Kowalski', 'Murphy', "O'Brien", 'Byrne', 'Fernandes',
] as const;

export const SCHOOLS = [
  'University of Michigan', 'University of Texas at Austin', 'Stanford University', 'University of California, Berkeley',
  'New York University', 'Boston University', 'University of Washington', 'Georgia Institute of Technology',
  'University of Toronto', 'McGill University', 'London School of Economics', "King's College London",
  'University of Manchester', 'Technical University of Munich', 'ESSEC Business School', 'Bocconi University',
  'University of Amsterdam', 'National University of Singapore', 'University of Sydney', 'Indian Institute of Technology Bombay',
  'Arizona State University', 'Penn State University', 'Ohio State University', 'University of Illinois Urbana-Champaign',
  'Northeastern University', 'University of Southern California', 'Purdue University', 'University of Florida',
] as const;

export const DEGREES: ReadonlyArray<readonly [string, ReadonlyArray<string>]> = [
  ["Bachelor's degree", ['Business Administration', 'Marketing', 'Economics', 'Computer Science', 'Communications', 'Psychology', 'Finance', 'Political Science']],
  ["Master's degree", ['Business Administration', 'Data Science', 'Finance', 'Marketing Management', 'Computer Science']],
  ['MBA', ['General Management', 'Entrepreneurship', 'Strategy']],
  ['Bachelor of Science', ['Mechanical Engineering', 'Information Systems', 'Mathematics', 'Biology']],
  ['Bachelor of Arts', ['English', 'History', 'International Relations', 'Sociology']],
];

export const LANGUAGES: ReadonlyArray<readonly [string, string]> = [
  ['English', 'en'], ['Spanish', 'es'], ['French', 'fr'], ['German', 'de'], ['Portuguese', 'pt'],
  ['Italian', 'it'], ['Mandarin', 'zh'], ['Japanese', 'ja'], ['Hindi', 'hi'], ['Dutch', 'nl'],
  ['Swedish', 'sv'], ['Korean', 'ko'], ['Arabic', 'ar'], ['Polish', 'pl'],
];

export const PROFICIENCIES = [
  'Native or bilingual proficiency',
  'Full professional proficiency',
  'Professional working proficiency',
  'Limited working proficiency',
  'Elementary proficiency',
] as const;

/** First words of synthetic company names. */
export const NAME_STEMS = [
  'North', 'Blue', 'Bright', 'Summit', 'Harbor', 'Granite', 'Cedar', 'Silver', 'Iron', 'Clear',
  'Atlas', 'Nova', 'Vertex', 'Pioneer', 'Beacon', 'Maple', 'Orbit', 'Quantum', 'River', 'Stone',
  'Apex', 'Lumen', 'Crest', 'Evergreen', 'Falcon', 'Horizon', 'Keystone', 'Meridian', 'Pinnacle', 'Sterling',
] as const;

/**
 * Last words of synthetic company names. A domain label ending in one of these is split back
 * into a name ("harborlogistics.com" is "Harbor Logistics"), so names and domains round-trip.
 */
export const NAME_SUFFIXES = [
  'analytics', 'labs', 'systems', 'software', 'data', 'cloud', 'health', 'logistics', 'robotics', 'capital',
  'partners', 'works', 'media', 'energy', 'foods', 'bio', 'security', 'networks', 'solutions', 'group',
  'digital', 'ai', 'finance', 'payments', 'learning', 'studio', 'commerce', 'insights', 'dynamics', 'industries',
] as const;

/**
 * Other words company names are made of, so a domain label that joins them reads back as words
 * ("pioneerfreight.com" is "Pioneer Freight"). Four letters or more: shorter words turn up inside
 * too many other words to be split out of them.
 */
export const NAME_WORDS = [
  'freight', 'cargo', 'fleet', 'transit', 'express', 'shipping', 'supply', 'trade', 'traders', 'trading', 'market',
  'markets', 'global', 'united', 'national', 'pacific', 'atlantic', 'american', 'first', 'prime', 'smart',
  'green', 'solar', 'power', 'motors', 'auto', 'technologies', 'bank', 'insurance', 'care',
  'home', 'homes', 'build', 'builders', 'design', 'craft', 'metal', 'metals', 'steel', 'marine',
  'ocean', 'valley', 'peak', 'point', 'bridge', 'star', 'light', 'signal', 'vector', 'logic',
  'mind', 'vision', 'union', 'alliance', 'factory', 'goods', 'outdoor', 'apparel', 'retail', 'wellness',
  'fitness', 'coffee', 'brewing', 'farms', 'brands', 'ventures', 'holdings', 'consulting', 'services', 'pharma',
  'medical', 'dental', 'legal', 'realty', 'properties', 'travel', 'sports', 'games', 'mobile', 'wireless',
  'telecom', 'water', 'advisors', 'associates', 'agency', 'creative', 'studios', 'therapeutics', 'diagnostics', 'manufacturing',
  'engineering', 'construction', 'education', 'academy', 'institute', 'clinic', 'machines', 'devices', 'instruments', 'materials',
  'chemicals', 'textiles', 'furniture', 'office', 'sales', 'growth', 'scale', 'venture',
] as const;

export const INVESTORS = [
  'Sequoia Capital', 'Accel', 'Index Ventures', 'Lightspeed Venture Partners', 'Andreessen Horowitz', 'Bessemer Venture Partners',
  'General Catalyst', 'Insight Partners', 'Tiger Global Management', 'Y Combinator', 'Khosla Ventures', 'Greylock Partners',
  'Balderton Capital', 'Atomico', 'Northzone', 'SoftBank Vision Fund', 'Founders Fund', 'First Round Capital',
] as const;
