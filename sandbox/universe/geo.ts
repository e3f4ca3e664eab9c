// Places people and companies are located in, with coordinates, postal codes, time zones and
// phone formats that use numbers reserved for fiction or documentation where a country has them.

export interface Place {
  city: string;
  state: string | null;
  country: string;
  postal: string;
  lat: number;
  long: number;
  timeZone: string;
  /** Builds a phone number from four random digits. */
  phone: (d: string) => string;
  languages: ReadonlyArray<string>;
  streets: ReadonlyArray<string>;
}

const us = (area: string) => (d: string) => `+1 ${area}-555-01${d.slice(0, 2)}`;
const uk = (d: string) => `+44 20 7946 0${d.slice(0, 3)}`;

const PLACES: ReadonlyArray<Place> = [
  { city: 'San Francisco', state: 'California', country: 'United States', postal: '94105', lat: 37.7898, long: -122.3942, timeZone: 'America/Los_Angeles', phone: us('415'), languages: ['English'], streets: ['Market Street', 'Mission Street', 'Howard Street'] },
  { city: 'New York', state: 'New York', country: 'United States', postal: '10013', lat: 40.7209, long: -74.0007, timeZone: 'America/New_York', phone: us('212'), languages: ['English'], streets: ['Broadway', 'Hudson Street', 'Park Avenue South'] },
  { city: 'Austin', state: 'Texas', country: 'United States', postal: '78701', lat: 30.2711, long: -97.7437, timeZone: 'America/Chicago', phone: us('512'), languages: ['English', 'Spanish'], streets: ['Congress Avenue', 'Lavaca Street'] },
  { city: 'Boston', state: 'Massachusetts', country: 'United States', postal: '02110', lat: 42.3572, long: -71.0532, timeZone: 'America/New_York', phone: us('617'), languages: ['English'], streets: ['Atlantic Avenue', 'Boylston Street', 'Summer Street'] },
  { city: 'Chicago', state: 'Illinois', country: 'United States', postal: '60606', lat: 41.8827, long: -87.6359, timeZone: 'America/Chicago', phone: us('312'), languages: ['English'], streets: ['Wacker Drive', 'LaSalle Street'] },
  { city: 'Seattle', state: 'Washington', country: 'United States', postal: '98101', lat: 47.6101, long: -122.3344, timeZone: 'America/Los_Angeles', phone: us('206'), languages: ['English'], streets: ['Pine Street', '4th Avenue'] },
  { city: 'Denver', state: 'Colorado', country: 'United States', postal: '80202', lat: 39.7508, long: -104.9966, timeZone: 'America/Denver', phone: us('303'), languages: ['English'], streets: ['Blake Street', '17th Street'] },
  { city: 'Atlanta', state: 'Georgia', country: 'United States', postal: '30308', lat: 33.7701, long: -84.3876, timeZone: 'America/New_York', phone: us('404'), languages: ['English'], streets: ['Peachtree Street', 'Spring Street'] },
  { city: 'Miami', state: 'Florida', country: 'United States', postal: '33131', lat: 25.7663, long: -80.1918, timeZone: 'America/New_York', phone: us('305'), languages: ['English', 'Spanish'], streets: ['Brickell Avenue', 'Biscayne Boulevard'] },
  { city: 'Toronto', state: 'Ontario', country: 'Canada', postal: 'M5V 2T6', lat: 43.6448, long: -79.3957, timeZone: 'America/Toronto', phone: us('416'), languages: ['English', 'French'], streets: ['King Street West', 'Spadina Avenue'] },
  { city: 'London', state: 'England', country: 'United Kingdom', postal: 'EC2A 4NE', lat: 51.5246, long: -0.0796, timeZone: 'Europe/London', phone: uk, languages: ['English'], streets: ['Shoreditch High Street', 'Old Street', 'Finsbury Square'] },
  { city: 'Manchester', state: 'England', country: 'United Kingdom', postal: 'M1 3BE', lat: 53.4794, long: -2.2453, timeZone: 'Europe/London', phone: (d) => `+44 161 496 0${d.slice(0, 3)}`, languages: ['English'], streets: ['Portland Street', 'Deansgate'] },
  { city: 'Dublin', state: 'Leinster', country: 'Ireland', postal: 'D02 X285', lat: 53.3398, long: -6.2382, timeZone: 'Europe/Dublin', phone: (d) => `+353 1 555 ${d}`, languages: ['English'], streets: ['Grand Canal Street', 'Baggot Street'] },
  { city: 'Berlin', state: 'Berlin', country: 'Germany', postal: '10115', lat: 52.5321, long: 13.3849, timeZone: 'Europe/Berlin', phone: (d) => `+49 30 5555 ${d}`, languages: ['German', 'English'], streets: ['Torstrasse', 'Friedrichstrasse'] },
  { city: 'Munich', state: 'Bavaria', country: 'Germany', postal: '80331', lat: 48.1374, long: 11.5755, timeZone: 'Europe/Berlin', phone: (d) => `+49 89 5555 ${d}`, languages: ['German', 'English'], streets: ['Sendlinger Strasse', 'Leopoldstrasse'] },
  { city: 'Paris', state: 'Ile-de-France', country: 'France', postal: '75002', lat: 48.8686, long: 2.3417, timeZone: 'Europe/Paris', phone: (d) => `+33 1 55 55 ${d.slice(0, 2)} ${d.slice(2)}`, languages: ['French', 'English'], streets: ['Rue du Sentier', 'Rue Reaumur'] },
  { city: 'Amsterdam', state: 'North Holland', country: 'Netherlands', postal: '1017 CE', lat: 52.3637, long: 4.8897, timeZone: 'Europe/Amsterdam', phone: (d) => `+31 20 555 ${d}`, languages: ['Dutch', 'English'], streets: ['Herengracht', 'Keizersgracht'] },
  { city: 'Lisbon', state: 'Lisbon', country: 'Portugal', postal: '1200-109', lat: 38.7075, long: -9.1459, timeZone: 'Europe/Lisbon', phone: (d) => `+351 21 555 ${d}`, languages: ['Portuguese', 'English'], streets: ['Rua Augusta', 'Avenida da Liberdade'] },
  { city: 'Madrid', state: 'Community of Madrid', country: 'Spain', postal: '28013', lat: 40.4203, long: -3.7058, timeZone: 'Europe/Madrid', phone: (d) => `+34 91 555 ${d}`, languages: ['Spanish', 'English'], streets: ['Gran Via', 'Calle de Alcala'] },
  { city: 'Stockholm', state: 'Stockholm County', country: 'Sweden', postal: '111 57', lat: 59.3326, long: 18.0649, timeZone: 'Europe/Stockholm', phone: (d) => `+46 8 555 ${d}`, languages: ['Swedish', 'English'], streets: ['Kungsgatan', 'Drottninggatan'] },
  { city: 'Singapore', state: null, country: 'Singapore', postal: '018989', lat: 1.2789, long: 103.8536, timeZone: 'Asia/Singapore', phone: (d) => `+65 6555 ${d}`, languages: ['English', 'Mandarin'], streets: ['Marina Boulevard', 'Robinson Road'] },
  { city: 'Bengaluru', state: 'Karnataka', country: 'India', postal: '560001', lat: 12.9716, long: 77.5946, timeZone: 'Asia/Kolkata', phone: (d) => `+91 80 5555 ${d}`, languages: ['English', 'Hindi'], streets: ['MG Road', 'Residency Road'] },
  { city: 'Sydney', state: 'New South Wales', country: 'Australia', postal: '2000', lat: -33.8688, long: 151.2093, timeZone: 'Australia/Sydney', phone: (d) => `+61 2 5550 ${d}`, languages: ['English'], streets: ['George Street', 'Pitt Street'] },
  { city: 'Sao Paulo', state: 'Sao Paulo', country: 'Brazil', postal: '01310-100', lat: -23.5614, long: -46.6559, timeZone: 'America/Sao_Paulo', phone: (d) => `+55 11 5555 ${d}`, languages: ['Portuguese', 'English'], streets: ['Avenida Paulista', 'Rua Augusta'] },
];

/** Places weighted toward the US, where most prospecting data is. */
export const PLACE_WEIGHTS: ReadonlyArray<readonly [Place, number]> = PLACES.map((p) => [p, p.country === 'United States' ? 4 : 1] as const);
