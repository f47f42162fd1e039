import { countryList } from './country-list.ts';
import type { City, Country, CountryCode, CountrySummary, Region } from './types.ts';

function city(id: string, en: string, ar: string, lat: number, lng: number): City {
  return { id, name: { en, ar }, lat, lng };
}

function region(id: string, en: string, ar: string, cities: readonly City[]): Region {
  return { id, name: { en, ar }, cities };
}

const uaeRegions: readonly Region[] = [
  region('abu_dhabi', 'Abu Dhabi', 'أبوظبي', [
    city('abu_dhabi', 'Abu Dhabi', 'أبوظبي', 24.4539, 54.3773),
    city('al_ain', 'Al Ain', 'العين', 24.2075, 55.7447),
    city('madinat_zayed', 'Madinat Zayed', 'مدينة زايد', 23.6542, 53.7052),
    city('ruwais', 'Ruwais', 'الرويس', 24.1103, 52.7306),
    city('ghayathi', 'Ghayathi', 'غياثي', 23.8356, 52.805),
    city('liwa', 'Liwa', 'ليوا', 23.1436, 53.7881),
    city('al_mirfa', 'Al Mirfa', 'المرفأ', 24.0938, 53.4493),
    city('al_sila', 'Al Sila', 'السلع', 24.05, 51.7667),
  ]),
  region('dubai', 'Dubai', 'دبي', [
    city('dubai', 'Dubai', 'دبي', 25.2048, 55.2708),
    city('jebel_ali', 'Jebel Ali', 'جبل علي', 25.0025, 55.1081),
    city('hatta', 'Hatta', 'حتا', 24.8007, 56.1273),
    city('al_lisaili', 'Al Lisaili', 'اللسيلي', 24.9314, 55.4753),
    city('margham', 'Margham', 'مرغم', 24.8995, 55.6255),
  ]),
  region('sharjah', 'Sharjah', 'الشارقة', [
    city('sharjah', 'Sharjah', 'الشارقة', 25.3463, 55.4209),
    city('khor_fakkan', 'Khor Fakkan', 'خورفكان', 25.3313, 56.342),
    city('kalba', 'Kalba', 'كلباء', 25.0667, 56.35),
    city('dibba_al_hisn', 'Dibba Al-Hisn', 'دبا الحصن', 25.6196, 56.2729),
    city('al_dhaid', 'Al Dhaid', 'الذيد', 25.2881, 55.8816),
    city('al_madam', 'Al Madam', 'المدام', 24.9735, 55.7778),
    city('al_hamriyah', 'Al Hamriyah', 'الحمرية', 25.4782, 55.5338),
    city('mleiha', 'Mleiha', 'مليحة', 25.12, 55.89),
  ]),
  region('ajman', 'Ajman', 'عجمان', [
    city('ajman', 'Ajman', 'عجمان', 25.4111, 55.4354),
    city('masfout', 'Masfout', 'مصفوت', 24.825, 56.079),
    city('al_manama', 'Al Manama', 'المنامة', 25.328, 56.012),
  ]),
  region('umm_al_quwain', 'Umm Al Quwain', 'أم القيوين', [
    city('umm_al_quwain', 'Umm Al Quwain', 'أم القيوين', 25.5647, 55.5552),
    city('falaj_al_mualla', 'Falaj Al Mualla', 'فلج المعلا', 25.3531, 55.8533),
  ]),
  region('ras_al_khaimah', 'Ras Al Khaimah', 'رأس الخيمة', [
    city('ras_al_khaimah', 'Ras Al Khaimah', 'رأس الخيمة', 25.7895, 55.9432),
    city('al_jazirah_al_hamra', 'Al Jazirah Al Hamra', 'الجزيرة الحمراء', 25.7091, 55.8077),
    city('al_rams', 'Al Rams', 'الرمس', 25.8766, 56.0186),
    city('shaam', 'Shaam', 'شعم', 26.0279, 56.0835),
  ]),
  region('fujairah', 'Fujairah', 'الفجيرة', [
    city('fujairah', 'Fujairah', 'الفجيرة', 25.1288, 56.3265),
    city('dibba_al_fujairah', 'Dibba Al-Fujairah', 'دبا الفجيرة', 25.5925, 56.2618),
    city('masafi', 'Masafi', 'مسافي', 25.3167, 56.1667),
    city('al_bidyah', 'Al Bidyah', 'البدية', 25.4333, 56.35),
  ]),
];

export const emirates: readonly Region[] = uaeRegions;

const saudiRegions: readonly Region[] = [
  region('riyadh', 'Riyadh', 'الرياض', [
    city('riyadh', 'Riyadh', 'الرياض', 24.7136, 46.6753),
    city('al_kharj', 'Al Kharj', 'الخرج', 24.1554, 47.3346),
    city('diriyah', 'Diriyah', 'الدرعية', 24.7519, 46.5387),
    city('al_majmaah', "Al Majma'ah", 'المجمعة', 25.911, 45.3567),
    city('az_zulfi', 'Az Zulfi', 'الزلفي', 26.2995, 44.8154),
    city('ad_dawadmi', 'Ad Dawadmi', 'الدوادمي', 24.5077, 44.3924),
    city('afif', 'Afif', 'عفيف', 23.9065, 42.9172),
    city('shaqra', 'Shaqra', 'شقراء', 25.2402, 45.251),
    city('al_aflaj', 'Al Aflaj', 'الأفلاج', 22.2921, 46.7238),
    city('as_sulayyil', 'As Sulayyil', 'السليل', 20.4607, 45.5779),
  ]),
  region('makkah', 'Makkah', 'مكة المكرمة', [
    city('jeddah', 'Jeddah', 'جدة', 21.4858, 39.1925),
    city('makkah', 'Makkah', 'مكة المكرمة', 21.4225, 39.8262),
    city('taif', 'Taif', 'الطائف', 21.2703, 40.4158),
    city('rabigh', 'Rabigh', 'رابغ', 22.7986, 39.0349),
    city('al_qunfudhah', 'Al Qunfudhah', 'القنفذة', 19.1264, 41.0789),
    city('al_lith', 'Al Lith', 'الليث', 20.148, 40.2722),
    city('al_jumum', 'Al Jumum', 'الجموم', 21.6195, 39.6966),
    city('khulais', 'Khulais', 'خليص', 22.1555, 39.3201),
    city('king_abdullah_economic_city', 'King Abdullah Economic City', 'مدينة الملك عبدالله الاقتصادية', 22.4463, 39.1245),
    city('ranyah', 'Ranyah', 'رنية', 21.2504, 42.8475),
  ]),
  region('madinah', 'Madinah', 'المدينة المنورة', [
    city('madinah', 'Madinah', 'المدينة المنورة', 24.4686, 39.6142),
    city('yanbu', 'Yanbu', 'ينبع', 24.0895, 38.0618),
    city('al_ula', 'AlUla', 'العلا', 26.6085, 37.9232),
    city('badr', 'Badr', 'بدر', 23.7829, 38.7905),
    city('khaybar', 'Khaybar', 'خيبر', 25.7134, 39.2803),
    city('mahd_adh_dhahab', 'Mahd adh Dhahab', 'مهد الذهب', 23.4997, 40.8841),
  ]),
  region('eastern_province', 'Eastern Province', 'المنطقة الشرقية', [
    city('dammam', 'Dammam', 'الدمام', 26.4207, 50.0888),
    city('khobar', 'Al Khobar', 'الخبر', 26.2794, 50.2083),
    city('dhahran', 'Dhahran', 'الظهران', 26.2886, 50.114),
    city('jubail', 'Jubail', 'الجبيل', 27.0174, 49.6225),
    city('al_ahsa', 'Al Ahsa (Hofuf)', 'الأحساء (الهفوف)', 25.3647, 49.5876),
    city('qatif', 'Qatif', 'القطيف', 26.5654, 50.0089),
    city('hafr_al_batin', 'Hafr Al Batin', 'حفر الباطن', 28.4328, 45.9708),
    city('ras_tanura', 'Ras Tanura', 'رأس تنورة', 26.7074, 50.0673),
    city('khafji', 'Khafji', 'الخفجي', 28.4391, 48.4913),
    city('abqaiq', 'Abqaiq', 'بقيق', 25.934, 49.6688),
  ]),
  region('qassim', 'Qassim', 'القصيم', [
    city('buraidah', 'Buraidah', 'بريدة', 26.326, 43.975),
    city('unaizah', 'Unaizah', 'عنيزة', 26.0844, 43.9939),
    city('ar_rass', 'Ar Rass', 'الرس', 25.8694, 43.4973),
    city('al_bukayriyah', 'Al Bukayriyah', 'البكيرية', 26.1392, 43.6578),
    city('al_mithnab', 'Al Mithnab', 'المذنب', 25.8601, 44.2223),
    city('al_badai', "Al Bada'i", 'البدائع', 25.9855, 43.7366),
    city('riyadh_al_khabra', 'Riyadh Al Khabra', 'رياض الخبراء', 26.0667, 43.5534),
    city('uyun_al_jiwa', 'Uyun Al Jiwa', 'عيون الجواء', 26.4983, 43.6312),
  ]),
  region('asir', 'Asir', 'عسير', [
    city('abha', 'Abha', 'أبها', 18.2164, 42.5053),
    city('khamis_mushait', 'Khamis Mushait', 'خميس مشيط', 18.3, 42.7333),
    city('bisha', 'Bisha', 'بيشة', 20.0005, 42.6052),
    city('an_namas', 'An Namas', 'النماص', 19.1455, 42.1201),
    city('muhayil', 'Muhayil Asir', 'محايل عسير', 18.545, 42.05),
    city('sarat_abidah', 'Sarat Abidah', 'سراة عبيدة', 18.089, 43.132),
    city('tathlith', 'Tathlith', 'تثليث', 19.5318, 43.5197),
    city('bariq', 'Bariq', 'بارق', 18.9297, 41.9295),
  ]),
  region('tabuk', 'Tabuk', 'تبوك', [
    city('tabuk', 'Tabuk', 'تبوك', 28.3998, 36.5715),
    city('duba', 'Duba', 'ضباء', 27.3513, 35.6901),
    city('al_wajh', 'Al Wajh', 'الوجه', 26.2309, 36.4649),
    city('umluj', 'Umluj', 'أملج', 25.0213, 37.2685),
    city('tayma', 'Tayma', 'تيماء', 27.6223, 38.5388),
    city('haql', 'Haql', 'حقل', 29.2863, 34.9469),
  ]),
  region('hail', 'Hail', 'حائل', [
    city('hail', 'Hail', 'حائل', 27.5219, 41.6907),
    city('baqaa', "Baqa'a", 'بقعاء', 27.9065, 42.389),
    city('ash_shamli', 'Ash Shamli', 'الشملي', 26.8577, 40.3295),
  ]),
  region('northern_borders', 'Northern Borders', 'الحدود الشمالية', [
    city('arar', 'Arar', 'عرعر', 30.9753, 41.0381),
    city('rafha', 'Rafha', 'رفحاء', 29.6264, 43.4939),
    city('turaif', 'Turaif', 'طريف', 31.6725, 38.6637),
  ]),
  region('jazan', 'Jazan', 'جازان', [
    city('jazan', 'Jazan', 'جازان', 16.8892, 42.5511),
    city('sabya', 'Sabya', 'صبيا', 17.1495, 42.6254),
    city('abu_arish', 'Abu Arish', 'أبو عريش', 16.9689, 42.8325),
    city('samtah', 'Samtah', 'صامطة', 16.596, 42.9444),
    city('farasan', 'Farasan', 'فرسان', 16.7022, 42.1183),
    city('ad_darb', 'Ad Darb', 'الدرب', 17.7229, 42.2526),
    city('damad', 'Damad', 'ضمد', 17.1043, 42.7816),
  ]),
  region('najran', 'Najran', 'نجران', [
    city('najran', 'Najran', 'نجران', 17.4933, 44.1277),
    city('sharurah', 'Sharurah', 'شرورة', 17.4667, 47.1167),
    city('habuna', 'Habuna', 'حبونا', 17.8472, 44.0208),
    city('yadamah', 'Yadamah', 'يدمة', 18.5292, 44.2031),
    city('badr_al_janub', 'Badr Al Janub', 'بدر الجنوب', 17.8853, 43.7141),
    city('khubash', 'Khubash', 'خباش', 17.5563, 44.748),
  ]),
  region('al_bahah', 'Al Bahah', 'الباحة', [
    city('al_bahah', 'Al Bahah', 'الباحة', 20.0129, 41.4677),
    city('baljurashi', 'Baljurashi', 'بلجرشي', 19.8594, 41.5572),
    city('al_mandaq', 'Al Mandaq', 'المندق', 20.1588, 41.2834),
    city('al_aqiq', 'Al Aqiq', 'العقيق', 20.2736, 41.6643),
  ]),
  region('al_jawf', 'Al Jawf', 'الجوف', [
    city('sakaka', 'Sakaka', 'سكاكا', 29.9697, 40.2064),
    city('dumat_al_jandal', 'Dumat Al Jandal', 'دومة الجندل', 29.8111, 39.8683),
    city('qurayyat', 'Qurayyat', 'القريات', 31.3318, 37.3428),
    city('tabarjal', 'Tabarjal', 'طبرجل', 30.4999, 38.216),
  ]),
];

const qatarRegions: readonly Region[] = [
  region('doha', 'Doha', 'الدوحة', [
    city('doha', 'Doha', 'الدوحة', 25.2855, 51.531),
    city('west_bay', 'West Bay', 'الخليج الغربي', 25.324, 51.531),
    city('the_pearl', 'The Pearl', 'اللؤلؤة', 25.37, 51.551),
    city('al_sadd', 'Al Sadd', 'السد', 25.2862, 51.5007),
    city('madinat_khalifa', 'Madinat Khalifa', 'مدينة خليفة', 25.3205, 51.4779),
    city('old_airport', 'Old Airport', 'المطار القديم', 25.2514, 51.5557),
    city('al_hilal', 'Al Hilal', 'الهلال', 25.2586, 51.531),
  ]),
  region('al_rayyan', 'Al Rayyan', 'الريان', [
    city('al_rayyan', 'Al Rayyan', 'الريان', 25.2919, 51.4244),
    city('education_city', 'Education City', 'المدينة التعليمية', 25.315, 51.439),
    city('al_gharrafa', 'Al Gharrafa', 'الغرافة', 25.336, 51.445),
    city('muaither', 'Muaither', 'معيذر', 25.2617, 51.3968),
    city('ain_khaled', 'Ain Khaled', 'عين خالد', 25.22, 51.45),
  ]),
  region('al_wakrah', 'Al Wakrah', 'الوكرة', [
    city('al_wakrah', 'Al Wakrah', 'الوكرة', 25.1715, 51.6034),
    city('mesaieed', 'Mesaieed', 'مسيعيد', 24.9923, 51.5507),
    city('al_wukair', 'Al Wukair', 'الوكير', 25.1511, 51.5372),
  ]),
  region('al_khor', 'Al Khor', 'الخور', [
    city('al_khor', 'Al Khor', 'الخور', 25.6839, 51.5058),
    city('al_thakhira', 'Al Thakhira', 'الذخيرة', 25.7333, 51.55),
    city('ras_laffan', 'Ras Laffan', 'راس لفان', 25.9, 51.55),
    city('al_ghuwariyah', 'Al Ghuwariyah', 'الغويرية', 25.8288, 51.2457),
  ]),
  region('al_shamal', 'Al Shamal', 'الشمال', [
    city('madinat_al_shamal', 'Madinat Al Shamal', 'مدينة الشمال', 26.1293, 51.2009),
    city('al_ruwais', 'Al Ruwais', 'الرويس', 26.1398, 51.2149),
    city('fuwairit', 'Fuwairit', 'فويرط', 26.0256, 51.3697),
    city('al_zubarah', 'Al Zubarah', 'الزبارة', 25.978, 51.046),
  ]),
  region('umm_salal', 'Umm Salal', 'أم صلال', [
    city('umm_salal_mohammed', 'Umm Salal Mohammed', 'أم صلال محمد', 25.4152, 51.4065),
    city('umm_salal_ali', 'Umm Salal Ali', 'أم صلال علي', 25.4697, 51.3975),
    city('al_kharaitiyat', 'Al Kharaitiyat', 'الخريطيات', 25.4, 51.425),
  ]),
  region('al_daayen', 'Al Daayen', 'الضعاين', [
    city('lusail', 'Lusail', 'لوسيل', 25.4175, 51.5075),
    city('umm_qarn', 'Umm Qarn', 'أم قرن', 25.5778, 51.45),
    city('simaisma', 'Simaisma', 'سميسمة', 25.57, 51.475),
  ]),
  region('al_sheehaniya', 'Al Sheehaniya', 'الشيحانية', [
    city('al_sheehaniya', 'Al Sheehaniya', 'الشيحانية', 25.3709, 51.2226),
    city('dukhan', 'Dukhan', 'دخان', 25.4248, 50.7823),
    city('al_jemailiya', 'Al Jemailiya', 'الجميلية', 25.6107, 51.0911),
  ]),
];

const kuwaitRegions: readonly Region[] = [
  region('capital', 'Capital (Al Asimah)', 'العاصمة', [
    city('kuwait_city', 'Kuwait City', 'مدينة الكويت', 29.3759, 47.9774),
    city('sharq', 'Sharq', 'شرق', 29.383, 47.99),
    city('shuwaikh', 'Shuwaikh', 'الشويخ', 29.345, 47.94),
    city('shamiya', 'Shamiya', 'الشامية', 29.3472, 47.9617),
    city('failaka_island', 'Failaka Island', 'جزيرة فيلكا', 29.4425, 48.2747),
  ]),
  region('hawalli', 'Hawalli', 'حولي', [
    city('hawalli', 'Hawalli', 'حولي', 29.3328, 48.0286),
    city('salmiya', 'Salmiya', 'السالمية', 29.3339, 48.0761),
    city('jabriya', 'Jabriya', 'الجابرية', 29.317, 48.03),
    city('rumaithiya', 'Rumaithiya', 'الرميثية', 29.3117, 48.0742),
    city('salwa', 'Salwa', 'سلوى', 29.2958, 48.0786),
    city('bayan', 'Bayan', 'بيان', 29.3032, 48.0488),
    city('mishref', 'Mishref', 'مشرف', 29.28, 48.06),
  ]),
  region('farwaniya', 'Farwaniya', 'الفروانية', [
    city('farwaniya', 'Farwaniya', 'الفروانية', 29.2775, 47.9586),
    city('khaitan', 'Khaitan', 'خيطان', 29.287, 47.973),
    city('jleeb_al_shuyoukh', 'Jleeb Al Shuyoukh', 'جليب الشيوخ', 29.265, 47.93),
    city('ardiya', 'Ardiya', 'العارضية', 29.292, 47.91),
    city('al_rai', 'Al Rai', 'الري', 29.3036, 47.9353),
    city('rabiya', 'Rabiya', 'الرابية', 29.295, 47.9331),
  ]),
  region('mubarak_al_kabeer', 'Mubarak Al-Kabeer', 'مبارك الكبير', [
    city('mubarak_al_kabeer', 'Mubarak Al-Kabeer', 'مبارك الكبير', 29.1898, 48.0872),
    city('sabah_al_salem', 'Sabah Al Salem', 'صباح السالم', 29.2572, 48.0572),
    city('fnaitees', 'Fnaitees', 'الفنيطيس', 29.2253, 48.1017),
    city('abu_fatira', 'Abu Fatira', 'أبو فطيرة', 29.1975, 48.1028),
    city('al_masayel', 'Al Masayel', 'المسايل', 29.2393, 48.0886),
    city('abu_al_hasaniya', 'Abu Al Hasaniya', 'أبو الحصانية', 29.1908, 48.1135),
  ]),
  region('ahmadi', 'Ahmadi', 'الأحمدي', [
    city('ahmadi', 'Ahmadi', 'الأحمدي', 29.0769, 48.0839),
    city('fahaheel', 'Fahaheel', 'الفحيحيل', 29.0825, 48.1303),
    city('mangaf', 'Mangaf', 'المنقف', 29.0961, 48.1328),
    city('mahboula', 'Mahboula', 'المهبولة', 29.145, 48.1303),
    city('fintas', 'Fintas', 'الفنطاس', 29.1739, 48.1211),
    city('abu_halifa', 'Abu Halifa', 'أبو حليفة', 29.123, 48.126),
    city('wafra', 'Wafra', 'الوفرة', 28.6392, 47.9306),
  ]),
  region('jahra', 'Jahra', 'الجهراء', [
    city('jahra', 'Jahra', 'الجهراء', 29.3375, 47.6581),
    city('saad_al_abdullah', 'Saad Al Abdullah', 'سعد العبدالله', 29.31, 47.68),
    city('al_qasr', 'Al Qasr', 'القصر', 29.344, 47.668),
    city('sulaibiya', 'Sulaibiya', 'الصليبية', 29.28, 47.825),
    city('abdali', 'Abdali', 'العبدلي', 30.0422, 47.7221),
  ]),
];

const omanRegions: readonly Region[] = [
  region('muscat', 'Muscat', 'مسقط', [
    city('muscat', 'Muscat', 'مسقط', 23.588, 58.3829),
    city('muttrah', 'Muttrah', 'مطرح', 23.6167, 58.5667),
    city('bawshar', 'Bawshar', 'بوشر', 23.5777, 58.3998),
    city('seeb', 'Seeb', 'السيب', 23.6703, 58.1891),
    city('al_amerat', 'Al Amerat', 'العامرات', 23.5242, 58.4989),
    city('qurayyat', 'Qurayyat', 'قريات', 23.263, 58.9201),
  ]),
  region('dhofar', 'Dhofar', 'ظفار', [
    city('salalah', 'Salalah', 'صلالة', 17.015, 54.0924),
    city('taqah', 'Taqah', 'طاقة', 17.0372, 54.4036),
    city('mirbat', 'Mirbat', 'مرباط', 16.9925, 54.6918),
    city('thumrait', 'Thumrait', 'ثمريت', 17.6667, 54.0333),
    city('al_mazyunah', 'Al Mazyunah', 'المزيونة', 17.8384, 52.6604),
  ]),
  region('musandam', 'Musandam', 'مسندم', [
    city('khasab', 'Khasab', 'خصب', 26.1799, 56.2477),
    city('bukha', 'Bukha', 'بخا', 26.1433, 56.1481),
    city('dibba', 'Dibba', 'دبا', 25.6506, 56.2652),
    city('madha', 'Madha', 'مدحاء', 25.2834, 56.3328),
  ]),
  region('al_buraimi', 'Al Buraimi', 'البريمي', [
    city('al_buraimi', 'Al Buraimi', 'البريمي', 24.2509, 55.7931),
    city('mahdah', 'Mahdah', 'محضة', 24.3992, 55.9692),
  ]),
  region('ad_dakhiliyah', 'Ad Dakhiliyah', 'الداخلية', [
    city('nizwa', 'Nizwa', 'نزوى', 22.9333, 57.5333),
    city('bahla', 'Bahla', 'بهلاء', 22.9789, 57.3047),
    city('izki', 'Izki', 'إزكي', 22.9333, 57.7667),
    city('samail', 'Samail', 'سمائل', 23.2984, 57.9531),
    city('bidbid', 'Bidbid', 'بدبد', 23.4079, 58.1283),
    city('adam', 'Adam', 'أدم', 22.3793, 57.5272),
    city('al_hamra', 'Al Hamra', 'الحمراء', 23.1167, 57.2833),
  ]),
  region('al_batinah_north', 'Al Batinah North', 'شمال الباطنة', [
    city('sohar', 'Sohar', 'صحار', 24.3474, 56.7094),
    city('shinas', 'Shinas', 'شناص', 24.7426, 56.467),
    city('liwa', 'Liwa', 'لوى', 24.5308, 56.563),
    city('saham', 'Saham', 'صحم', 24.1722, 56.8886),
    city('al_khaburah', 'Al Khaburah', 'الخابورة', 23.9714, 57.0931),
    city('as_suwayq', 'As Suwayq', 'السويق', 23.8494, 57.4386),
  ]),
  region('al_batinah_south', 'Al Batinah South', 'جنوب الباطنة', [
    city('rustaq', 'Rustaq', 'الرستاق', 23.3908, 57.4244),
    city('barka', 'Barka', 'بركاء', 23.6787, 57.886),
    city('nakhal', 'Nakhal', 'نخل', 23.3958, 57.8297),
    city('al_awabi', 'Al Awabi', 'العوابي', 23.3032, 57.5246),
  ]),
  region('ash_sharqiyah_south', 'Ash Sharqiyah South', 'جنوب الشرقية', [
    city('sur', 'Sur', 'صور', 22.5667, 59.5289),
    city('ras_al_hadd', 'Ras Al Hadd', 'رأس الحد', 22.5333, 59.8),
    city('jalan_bani_bu_ali', "Ja'alan Bani Bu Ali", 'جعلان بني بو علي', 22.0133, 59.2058),
    city('al_ashkharah', 'Al Ashkharah', 'الأشخرة', 21.85, 59.5667),
    city('masirah', 'Masirah', 'مصيرة', 20.6618, 58.8741),
  ]),
  region('ash_sharqiyah_north', 'Ash Sharqiyah North', 'شمال الشرقية', [
    city('ibra', 'Ibra', 'إبراء', 22.6906, 58.5334),
    city('bidiyah', 'Bidiyah', 'بدية', 22.45, 58.8),
    city('al_qabil', 'Al Qabil', 'القابل', 22.571, 58.6947),
  ]),
  region('ad_dhahirah', 'Ad Dhahirah', 'الظاهرة', [
    city('ibri', 'Ibri', 'عبري', 23.2257, 56.5157),
    city('yanqul', 'Yanqul', 'ينقل', 23.5864, 56.5397),
    city('dhank', 'Dhank', 'ضنك', 23.53, 56.22),
  ]),
  region('al_wusta', 'Al Wusta', 'الوسطى', [city('haima', 'Haima', 'هيماء', 19.9593, 56.2758), city('duqm', 'Duqm', 'الدقم', 19.65, 57.7)]),
];

const bahrainRegions: readonly Region[] = [
  region('capital', 'Capital', 'العاصمة', [
    city('manama', 'Manama', 'المنامة', 26.2279, 50.5857),
    city('juffair', 'Juffair', 'الجفير', 26.21, 50.605),
    city('seef', 'Seef', 'السيف', 26.235, 50.535),
    city('adliya', 'Adliya', 'العدلية', 26.213, 50.588),
    city('sitra', 'Sitra', 'سترة', 26.1547, 50.6206),
  ]),
  region('muharraq', 'Muharraq', 'المحرق', [
    city('muharraq', 'Muharraq', 'المحرق', 26.2572, 50.6119),
    city('busaiteen', 'Busaiteen', 'البسيتين', 26.27, 50.607),
    city('hidd', 'Hidd', 'الحد', 26.2456, 50.6542),
    city('arad', 'Arad', 'عراد', 26.247, 50.63),
    city('amwaj_islands', 'Amwaj Islands', 'جزر أمواج', 26.29, 50.66),
  ]),
  region('northern', 'Northern', 'الشمالية', [
    city('hamad_town', 'Hamad Town', 'مدينة حمد', 26.1153, 50.5069),
    city('budaiya', 'Budaiya', 'البديع', 26.215, 50.448),
    city('saar', 'Saar', 'سار', 26.1942, 50.4819),
    city('diraz', 'Diraz', 'الدراز', 26.218, 50.477),
    city('janabiya', 'Janabiya', 'الجنبية', 26.18, 50.465),
  ]),
  region('southern', 'Southern', 'الجنوبية', [
    city('riffa', 'Riffa', 'الرفاع', 26.13, 50.555),
    city('isa_town', 'Isa Town', 'مدينة عيسى', 26.1736, 50.5478),
    city('awali', 'Awali', 'عوالي', 26.0858, 50.5456),
    city('zallaq', 'Zallaq', 'الزلاق', 26.0475, 50.4864),
    city('sakhir', 'Sakhir', 'الصخير', 26.0325, 50.5106),
  ]),
];

const regionsOf: Record<CountrySummary['code'], readonly Region[]> = {
  AE: uaeRegions,
  SA: saudiRegions,
  QA: qatarRegions,
  KW: kuwaitRegions,
  OM: omanRegions,
  BH: bahrainRegions,
};

export const countries: readonly Country[] = countryList.map((country) => ({ ...country, regions: regionsOf[country.code] }));

const countryCodes: ReadonlySet<string> = new Set<CountryCode>(countries.map((country) => country.code));

export function isCountryCode(value: string): value is CountryCode {
  return countryCodes.has(value);
}

/** Case-insensitive: accepts 'ae' as well as 'AE'. */
export function findCountry(code: string): Country | undefined {
  const normalized = code.trim().toUpperCase();
  return countries.find((country) => country.code === normalized);
}

export function findRegion(countryCode: string, regionId: string): Region | undefined {
  return findCountry(countryCode)?.regions.find((candidate) => candidate.id === regionId);
}
