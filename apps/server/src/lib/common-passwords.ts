// The most used passwords that still pass the letters-and-digits rule (from public breach top lists),
// lower-cased. A password is refused when it matches one of these, ignoring case.
const commonPasswords = new Set([
  'password1', 'password12', 'password123', 'password1234', 'passw0rd', 'p@ssw0rd', 'p@ssword1', 'pa$$w0rd', 'password!1',
  'qwerty123', 'qwerty12', 'qwerty1234', 'qwerty12345', 'qwertyuiop1', 'qwe12345', 'qwer1234', 'q1w2e3r4', 'q1w2e3r4t5', '1q2w3e4r',
  '1q2w3e4r5t', '1qaz2wsx', 'zaq12wsx', 'abc12345', 'abcd1234', 'abc123456', 'a1234567', 'a12345678', 'a123456789', '123456789a',
  '12345678a', '1234567a', '123abc123', 'aa123456', 'aa12345678', '123qwe123', '123qweasd', 'qweasd123', 'asdf1234', 'asd12345',
  'zxcv1234', 'zxc12345', 'iloveyou1', 'iloveyou2', 'welcome1', 'welcome123', 'letmein1', 'letmein123', 'monkey123', 'dragon123',
  'football1', 'baseball1', 'superman1', 'batman123', 'master123', 'shadow123', 'sunshine1', 'princess1', 'charlie1', 'michael1',
  'jennifer1', 'jordan23', 'hello123', 'hello1234', 'admin123', 'admin1234', 'administrator1', 'root1234', 'test1234', 'test12345',
  'testing123', 'changeme1', 'computer1', 'internet1', 'trustno1', 'whatever1', 'freedom1', 'starwars1', 'pokemon1', 'secret123',
  'summer2024', 'summer2025', 'winter2024', 'winter2025', 'spring2025', 'autumn2025', 'january2025', 'dubai123', 'dubai2024',
  'dubai2025', 'uae12345', 'emirates1', 'riyadh123', 'doha1234', 'kuwait123', 'muscat123', 'bahrain123', 'mihna123', 'mihna2025',
  'pakistan1', 'pakistan123', 'india123', 'india1234', 'manila123', 'mohammed1', 'muhammad1', 'ahmed123', 'ali12345', 'omar1234',
  'allah123', 'bismillah1', 'football123', 'liverpool1', 'arsenal1', 'chelsea1', 'barcelona1', 'realmadrid1', 'michelle1', 'love1234',
  'lovely123', 'iloveu123', 'killer123', 'soccer123', 'hunter123', 'ranger123', 'buster123', 'ginger123', 'pepper123', 'cookie123',
  'chocolate1', 'samsung1', 'samsung123', 'iphone123', 'apple123', 'google123', 'facebook1', 'microsoft1', 'linkedin1', 'company1',
]);

export const isCommonPassword = (password: string) => commonPasswords.has(password.toLowerCase());
