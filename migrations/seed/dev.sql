-- Development seed data: the sample fleet, its gallery images and the blog.
-- Idempotent (upserts by slug; images and storage rows by their names), so
-- `make run` can apply it on every start. Run as the database owner.
-- No administrator here: the server creates it (ADMIN_EMAIL / ADMIN_PASSWORD).
-- Image bytes: migrations/seed/images/ (scripts/gen-seed-images draws them and
-- rewrites the generated block at the end of this file).

-- The fleet: every category, fuel, transmission and seat count; prices in DH/day.
insert into public.cars (slug, name, brand, category, price, image, seats, transmission, fuel,
                         rating, review_count, available, not_available_until, description,
                         gps_included, baby_seat_included, second_driver_included, roadside_assistance_included)
values
  ('renault-clio-5', 'Clio 5', 'Renault', 'Économique', 300,
   '/storage/v1/object/public/car-images/seed/renault-clio-5-1.jpg', 5, 'manual', 'gasoline',
   4.6, 214, true, null,
   'La citadine préférée des Marocains : agile dans la circulation de Casablanca, économe sur autoroute et assez spacieuse pour quatre adultes et leurs bagages. Climatisation, Bluetooth et régulateur de vitesse de série.',
   false, true, false, true),
  ('peugeot-208', '208', 'Peugeot', 'Économique', 280,
   '/storage/v1/object/public/car-images/seed/peugeot-208-1.jpg', 5, 'manual', 'diesel',
   4.4, 176, true, null,
   'Compacte et sobre (moins de 4,5 l/100 km), la 208 diesel est idéale pour les longs trajets entre Casablanca, Rabat et Marrakech. Écran tactile avec Apple CarPlay et Android Auto.',
   false, false, false, true),
  ('volkswagen-e-up', 'e-up!', 'Volkswagen', 'Compact', 350,
   '/storage/v1/object/public/car-images/seed/volkswagen-e-up-1.jpg', 4, 'automatic', 'electric',
   4.3, 58, true, null,
   'Petite électrique silencieuse pour la ville : environ 250 km d''autonomie, recharge rapide en 1 heure et stationnement facile dans les rues de la médina. Câble de recharge fourni.',
   false, false, false, true),
  ('citroen-c4', 'C4', 'Citroën', 'Compact', 400,
   '/storage/v1/object/public/car-images/seed/citroen-c4-1.jpg', 5, 'automatic', 'diesel',
   4.5, 97, true, current_date + 10,
   'Le confort Citroën avec ses suspensions à butées hydrauliques : une compacte surélevée qui avale les routes abîmées. Boîte automatique EAT8, grand coffre de 380 litres.',
   true, true, false, true),
  ('volkswagen-passat', 'Passat', 'Volkswagen', 'Berline', 600,
   '/storage/v1/object/public/car-images/seed/volkswagen-passat-1.jpg', 5, 'automatic', 'diesel',
   4.6, 83, true, null,
   'Berline familiale spacieuse et sûre, parfaite pour les voyages d''affaires ou les vacances en famille. Boîte DSG, aide au maintien de voie et coffre de 586 litres.',
   true, false, true, true),
  ('peugeot-508-hybrid', '508 Hybrid', 'Peugeot', 'Berline', 700,
   '/storage/v1/object/public/car-images/seed/peugeot-508-hybrid-1.jpg', 5, 'automatic', 'hybrid',
   4.7, 64, true, null,
   'Berline hybride rechargeable au style affûté : roulez en électrique en ville et profitez de 225 ch sur l''autoroute. i-Cockpit, sièges chauffants et caméra de recul.',
   true, true, false, true),
  ('mercedes-classe-e', 'Classe E 300 e', 'Mercedes', 'Premium', 1300,
   '/storage/v1/object/public/car-images/seed/mercedes-classe-e-1.jpg', 5, 'automatic', 'hybrid',
   4.9, 41, true, null,
   'Le haut de gamme pour vos rendez-vous d''affaires et vos transferts VIP : intérieur cuir, double écran, suspension pneumatique et motorisation hybride de 320 ch.',
   true, true, true, true),
  ('bmw-z4', 'Z4 Roadster', 'BMW', 'Premium', 1500,
   '/storage/v1/object/public/car-images/seed/bmw-z4-1.jpg', 2, 'automatic', 'gasoline',
   4.8, 27, false, null,
   'Cabriolet deux places pour longer la corniche d''Aïn Diab cheveux au vent : capote électrique en 10 secondes, six cylindres et boîte automatique à 8 rapports.',
   true, false, false, true),
  ('audi-q7', 'Q7', 'Audi', 'SUV', 1200,
   '/storage/v1/object/public/car-images/seed/audi-q7-1.jpg', 7, 'automatic', 'diesel',
   4.8, 52, true, null,
   'Grand SUV sept places à transmission intégrale quattro, à l''aise sur les routes de l''Atlas comme sur autoroute. Troisième rangée escamotable et climatisation quatre zones.',
   true, true, true, true),
  ('renault-trafic', 'Trafic Combi', 'Renault', 'Utilitaire', 900,
   '/storage/v1/object/public/car-images/seed/renault-trafic-1.jpg', 9, 'manual', 'diesel',
   4.4, 36, true, null,
   'Minibus neuf places pour les groupes, les familles nombreuses et les équipes : grand volume de chargement, climatisation arrière et prises USB à chaque rangée.',
   false, false, true, true)
on conflict (slug) do update set
  name = excluded.name, brand = excluded.brand, category = excluded.category, price = excluded.price,
  image = excluded.image, seats = excluded.seats, transmission = excluded.transmission, fuel = excluded.fuel,
  rating = excluded.rating, review_count = excluded.review_count, available = excluded.available,
  not_available_until = excluded.not_available_until, description = excluded.description,
  gps_included = excluded.gps_included, baby_seat_included = excluded.baby_seat_included,
  second_driver_included = excluded.second_driver_included,
  roadside_assistance_included = excluded.roadside_assistance_included;

-- Gallery: <slug>-<n>.jpg for n = 1..count, in that order (the first is the card image).
insert into public.car_images (car_id, image_url, alt_text, display_order)
select c.id,
       format('/storage/v1/object/public/car-images/seed/%s-%s.jpg', c.slug, g),
       format('%s %s, %s', c.brand, c.name,
              (array['vue de profil', 'vue de l''autre côté', 'l''avant de plus près', 'vue de profil de nuit'])[g]),
       g - 1
from (values
  ('renault-clio-5', 3), ('peugeot-208', 2), ('volkswagen-e-up', 2), ('citroen-c4', 3),
  ('volkswagen-passat', 3), ('peugeot-508-hybrid', 3), ('mercedes-classe-e', 4), ('bmw-z4', 3),
  ('audi-q7', 3), ('renault-trafic', 2)
) as v(slug, n)
join public.cars c on c.slug = v.slug
cross join lateral generate_series(1, v.n) as g
where not exists (
  select 1 from public.car_images i
  where i.car_id = c.id
    and i.image_url = format('/storage/v1/object/public/car-images/seed/%s-%s.jpg', c.slug, g));

-- The blog: three published posts and a draft.
insert into public.blog_posts (slug, title, excerpt, content, featured_image, status, author,
                               meta_title, meta_description, tags, created_at)
values
  ('louer-une-voiture-aeroport-mohammed-v',
   'Louer une voiture à l''aéroport Mohammed V : le guide complet',
   'Arrivée, comptoir, documents, caution et premiers kilomètres : tout ce qu''il faut savoir pour récupérer votre voiture de location dès la sortie de l''avion à Casablanca.',
   $html$<p>Vous atterrissez à l'<strong>aéroport Mohammed V</strong> de Casablanca et vous voulez prendre la route sans perdre de temps ? Voici comment se passe une location de voiture, de la réservation à la remise des clés.</p>
<h2>Avant le départ : réservez en ligne</h2>
<p>Réserver à l'avance vous garantit le modèle choisi et le meilleur tarif, surtout en été et pendant les vacances scolaires. Indiquez votre numéro de vol : nous suivons les retards et votre voiture vous attend même si l'avion a une heure de retard.</p>
<h2>À l'arrivée : où nous trouver</h2>
<p>Après la douane, dirigez-vous vers le <strong>hall des arrivées du terminal 1</strong>. Un agent vous accueille avec une pancarte à votre nom et vous accompagne jusqu'au parking où la voiture est prête, le plein fait.</p>
<h2>Les documents à présenter</h2>
<ul>
  <li>Un permis de conduire valide depuis au moins <strong>1 an</strong> (le permis international est conseillé si le vôtre n'est pas en alphabet latin) ;</li>
  <li>Votre passeport ou votre carte d'identité ;</li>
  <li>Une carte bancaire au nom du conducteur principal pour la caution, qui est simplement pré-autorisée.</li>
</ul>
<p>L'âge minimum est de <strong>21 ans</strong>. Un conducteur additionnel peut être ajouté à la réservation.</p>
<h2>L'état des lieux</h2>
<p>Faites le tour du véhicule avec l'agent et photographiez les éventuelles rayures. Vérifiez le niveau de carburant : la règle est <em>plein au départ, plein au retour</em>.</p>
<blockquote><p>Astuce : la station-service la plus proche de l'aéroport se trouve sur la route de Nouaceur, à 3 km. Pensez-y avant de rendre la voiture.</p></blockquote>
<h2>Le retour</h2>
<p>Prévoyez 20 minutes pour la restitution avant votre vol. Vous pouvez aussi rendre la voiture en centre-ville, à la gare Casa-Port ou à votre hôtel : il suffit de le préciser lors de la réservation.</p>$html$,
   '/storage/v1/object/public/blog-images/seed/blog-aeroport-mohammed-v.jpg',
   'published', 'Yasmine El Amrani',
   'Location de voiture à l''aéroport Mohammed V de Casablanca',
   'Documents, caution, état des lieux et retour : le guide pratique pour louer une voiture à l''aéroport Mohammed V.',
   array['aéroport', 'Casablanca', 'conseils'], now() - interval '21 days'),

  ('conduire-au-maroc-regles-et-conseils',
   'Conduire au Maroc : règles, péages et conseils pratiques',
   'Limitations de vitesse, ronds-points, autoroutes à péage, contrôles de police : les règles à connaître pour conduire sereinement au Maroc.',
   $html$<p>Conduire au Maroc est le meilleur moyen de découvrir le pays à votre rythme. Le réseau routier est bon, les autoroutes sont modernes, mais quelques règles et habitudes locales méritent d'être connues.</p>
<h2>Les limitations de vitesse</h2>
<table>
  <thead><tr><th>Type de route</th><th>Limitation</th></tr></thead>
  <tbody>
    <tr><td>Agglomération</td><td>60 km/h (souvent 40 km/h près des écoles)</td></tr>
    <tr><td>Route nationale</td><td>100 km/h</td></tr>
    <tr><td>Autoroute</td><td>120 km/h</td></tr>
  </tbody>
</table>
<p>Les radars fixes et mobiles sont nombreux, et les contrôles de police fréquents à l'entrée des villes. Gardez toujours les papiers du véhicule et votre permis à portée de main.</p>
<h2>Les ronds-points</h2>
<p>Attention : dans de nombreux ronds-points, <strong>la priorité est à droite</strong>, c'est-à-dire aux véhicules qui entrent. Ralentissez et observez les panneaux.</p>
<h2>Les autoroutes à péage</h2>
<p>Casablanca–Marrakech, Casablanca–Rabat–Tanger, Casablanca–El Jadida : les autoroutes d'ADM sont payantes. Comptez environ 100 DH pour Casablanca–Marrakech. Le badge <strong>Jawaz</strong> vous évite les files d'attente aux barrières : ajoutez-le en option lors de votre réservation.</p>
<h2>Nos conseils</h2>
<ul>
  <li>Évitez de rouler de nuit sur les routes de montagne ;</li>
  <li>Méfiez-vous des piétons, des charrettes et des deux-roues en ville ;</li>
  <li>Faites le plein dans les grandes stations des axes principaux ;</li>
  <li>Gardez de la monnaie pour les parkings gardés (5 à 10 DH).</li>
</ul>
<p>Et en cas de pépin, notre <strong>assistance routière</strong> est joignable 24 h/24.</p>$html$,
   '/storage/v1/object/public/blog-images/seed/blog-conduire-au-maroc.jpg',
   'published', 'Karim Benjelloun',
   'Conduire au Maroc : le code de la route et nos conseils',
   'Vitesses, priorités, péages et badge Jawaz : ce qu''il faut savoir avant de prendre le volant au Maroc.',
   array['Maroc', 'conduite', 'sécurité'], now() - interval '14 days'),

  ('road-trip-casablanca-marrakech',
   'Road trip de Casablanca à Marrakech en 3 jours',
   'Un itinéraire de trois jours entre l''océan et la ville ocre, avec des étapes à El Jadida et Oualidia, et nos adresses pour manger en route.',
   $html$<p>Moins de trois heures d'autoroute séparent Casablanca de Marrakech. Mais pourquoi se presser ? Voici un itinéraire de trois jours par la côte, pour profiter du voyage autant que de la destination.</p>
<h2>Jour 1 : Casablanca – El Jadida (100 km)</h2>
<p>Récupérez votre voiture à l'aéroport et prenez la route côtière vers <strong>El Jadida</strong>. Visitez la citerne portugaise et flânez sur les remparts de la cité classée au patrimoine mondial de l'UNESCO.</p>
<h2>Jour 2 : El Jadida – Oualidia (80 km)</h2>
<p>La lagune d'<strong>Oualidia</strong> est célèbre pour ses huîtres et ses plages abritées. Déjeunez face à l'eau, puis baignade ou balade en barque l'après-midi.</p>
<h2>Jour 3 : Oualidia – Marrakech (250 km)</h2>
<p>Cap à l'est par Sidi Bennour puis l'autoroute. Arrivée à <strong>Marrakech</strong> en fin d'après-midi, juste à temps pour le coucher du soleil sur la place Jemaa el-Fna et la Koutoubia.</p>
<h2>Quelle voiture choisir ?</h2>
<p>Pour un couple, une citadine comme la <a href="/cars/renault-clio-5">Renault Clio 5</a> suffit largement. En famille ou avec beaucoup de bagages, préférez un SUV comme l'<a href="/cars/audi-q7">Audi Q7</a>, confortable sur les petites routes.</p>
<blockquote><p>Bon à savoir : vous pouvez rendre la voiture à Casablanca au retour, ou nous demander une restitution à votre hôtel.</p></blockquote>$html$,
   '/storage/v1/object/public/blog-images/seed/blog-road-trip-casablanca-marrakech.jpg',
   'published', 'Yasmine El Amrani',
   'Road trip Casablanca – Marrakech par la côte en 3 jours',
   'El Jadida, Oualidia, Marrakech : notre itinéraire de trois jours en voiture de location, étape par étape.',
   array['road trip', 'Marrakech', 'itinéraire'], now() - interval '7 days'),

  ('electrique-ou-hybride-que-choisir',
   'Voiture électrique ou hybride : que choisir pour vos vacances au Maroc ?',
   'Autonomie, bornes de recharge, consommation réelle : nous comparons les deux motorisations selon votre séjour.',
   $html$<p>Le Maroc s'équipe rapidement en bornes de recharge, et notre flotte compte désormais une voiture électrique et deux hybrides. Laquelle choisir pour votre séjour ?</p>
<h2>L'électrique : parfaite en ville</h2>
<p>Avec environ 250 km d'autonomie, la <strong>Volkswagen e-up!</strong> est idéale pour Casablanca et ses environs. Les bornes rapides se trouvent dans les grands centres commerciaux et sur les aires d'autoroute.</p>
<h2>L'hybride : la liberté sans compromis</h2>
<p>Pour les longs trajets, une hybride comme la <strong>Peugeot 508 Hybrid</strong> roule en électrique en ville et passe à l'essence sur autoroute, sans aucune contrainte de recharge.</p>
<ul>
  <li>Séjour en ville : électrique ;</li>
  <li>Circuit dans le sud : hybride ou diesel ;</li>
  <li>Voyage d'affaires : hybride premium.</li>
</ul>
<p><em>Brouillon : ajouter le tableau des bornes de recharge par ville.</em></p>$html$,
   '/storage/v1/object/public/blog-images/seed/blog-electrique-ou-hybride.jpg',
   'draft', 'Karim Benjelloun',
   'Électrique ou hybride : quelle voiture louer au Maroc ?',
   'Autonomie, recharge et consommation : notre comparatif pour choisir entre électrique et hybride.',
   array['électrique', 'hybride', 'conseils'], now() - interval '2 days')
on conflict (slug) do update set
  title = excluded.title, excerpt = excluded.excerpt, content = excluded.content,
  featured_image = excluded.featured_image, status = excluded.status, author = excluded.author,
  meta_title = excluded.meta_title, meta_description = excluded.meta_description, tags = excluded.tags;

-- The cars' descriptions in English and Arabic (the French column is the
-- source and the fallback).
update public.cars c set translations = jsonb_build_object('en', jsonb_build_object('description', v.en),
                                                           'ar', jsonb_build_object('description', v.ar))
from (values
  ('renault-clio-5',
   'Morocco''s favourite city car: nimble in Casablanca traffic, thrifty on the motorway and roomy enough for four adults and their luggage. Air conditioning, Bluetooth and cruise control as standard.',
   'السيارة الحضرية المفضلة لدى المغاربة: رشيقة في زحمة الدار البيضاء، واقتصادية على الطريق السيار، وتتسع لأربعة بالغين وأمتعتهم. مكيف الهواء والبلوتوث ومثبت السرعة ضمن التجهيزات الأساسية.'),
  ('peugeot-208',
   'Compact and frugal (under 4.5 l/100 km), the diesel 208 is ideal for long drives between Casablanca, Rabat and Marrakech. Touchscreen with Apple CarPlay and Android Auto.',
   'سيارة مدمجة قليلة الاستهلاك (أقل من 4.5 لتر لكل 100 كلم)، و208 بمحرك الديزل مثالية للرحلات الطويلة بين الدار البيضاء والرباط ومراكش. شاشة لمس تدعم Apple CarPlay وAndroid Auto.'),
  ('volkswagen-e-up',
   'A quiet little electric car for the city: about 250 km of range, fast charging in one hour and easy parking in the streets of the medina. Charging cable included.',
   'سيارة كهربائية صغيرة وهادئة للمدينة: مدى سير يقارب 250 كلم، وشحن سريع في ساعة واحدة، وركن سهل في أزقة المدينة القديمة. كابل الشحن مرفق.'),
  ('citroen-c4',
   'Citroën comfort with hydraulic cushion suspension: a raised compact that glides over rough roads. EAT8 automatic gearbox and a large 380-litre boot.',
   'راحة سيتروين مع نظام تعليق بمخمِّدات هيدروليكية: سيارة مدمجة مرتفعة تعبر الطرق المتضررة بسلاسة. علبة سرعات أوتوماتيكية EAT8 وصندوق أمتعة واسع سعته 380 لترًا.'),
  ('volkswagen-passat',
   'A spacious, safe family saloon, perfect for business trips or family holidays. DSG gearbox, lane-keeping assist and a 586-litre boot.',
   'سيارة سيدان عائلية فسيحة وآمنة، مثالية لرحلات العمل أو العطل العائلية. علبة سرعات DSG ونظام مساعدة على البقاء في المسار وصندوق أمتعة سعته 586 لترًا.'),
  ('peugeot-508-hybrid',
   'A sharply styled plug-in hybrid saloon: drive on electric power in town and enjoy 225 hp on the motorway. i-Cockpit, heated seats and a reversing camera.',
   'سيارة سيدان هجينة قابلة للشحن بتصميم أنيق: قُد بالطاقة الكهربائية داخل المدينة واستمتع بقوة 225 حصانًا على الطريق السيار. قمرة قيادة i-Cockpit ومقاعد مدفأة وكاميرا للرجوع إلى الخلف.'),
  ('mercedes-classe-e',
   'Top of the range for business meetings and VIP transfers: leather interior, dual screen, air suspension and a 320 hp hybrid powertrain.',
   'الفئة الراقية لمواعيد العمل ونقل كبار الشخصيات: مقصورة جلدية وشاشة مزدوجة ونظام تعليق هوائي ومحرك هجين بقوة 320 حصانًا.'),
  ('bmw-z4',
   'A two-seat convertible for cruising the Aïn Diab corniche with the wind in your hair: electric soft top in 10 seconds, six cylinders and an 8-speed automatic gearbox.',
   'سيارة مكشوفة بمقعدين للتجول على كورنيش عين الذئاب والنسيم يداعب شعرك: سقف قماشي كهربائي يُفتح في 10 ثوانٍ، ومحرك بست أسطوانات، وعلبة سرعات أوتوماتيكية بثماني نسب.'),
  ('audi-q7',
   'A large seven-seat SUV with quattro all-wheel drive, as comfortable on the roads of the Atlas as on the motorway. Fold-away third row and four-zone air conditioning.',
   'سيارة رياضية متعددة الاستعمالات كبيرة بسبعة مقاعد ونظام quattro للدفع الرباعي، مريحة على طرق الأطلس كما على الطريق السيار. صف ثالث قابل للطي وتكييف هواء بأربع مناطق.'),
  ('renault-trafic',
   'A nine-seat minibus for groups, large families and teams: plenty of load space, rear air conditioning and USB sockets in every row.',
   'حافلة صغيرة بتسعة مقاعد للمجموعات والعائلات الكبيرة وفرق العمل: مساحة تحميل واسعة، وتكييف هواء خلفي، ومنافذ USB في كل صف.')
) as v(slug, en, ar)
where c.slug = v.slug;

-- The published posts in English and Arabic; the draft stays French-only.
update public.blog_posts set translations = jsonb_build_object(
  'en', jsonb_build_object(
    'title', 'Renting a car at Mohammed V Airport: the complete guide',
    'excerpt', 'Arrival, desk, documents, deposit and first miles: everything you need to know to collect your rental car as soon as you step off the plane in Casablanca.',
    'content', $html$<p>Landing at Casablanca's <strong>Mohammed V Airport</strong> and want to hit the road without wasting time? Here is how a car rental works, from booking to handing over the keys.</p>
<h2>Before you leave: book online</h2>
<p>Booking ahead guarantees the model you chose and the best rate, especially in summer and during school holidays. Give us your flight number: we follow delays, and your car waits for you even if the plane is an hour late.</p>
<h2>On arrival: where to find us</h2>
<p>After customs, head to the <strong>Terminal 1 arrivals hall</strong>. An agent greets you with a sign bearing your name and walks you to the car park, where the car is ready with a full tank.</p>
<h2>The documents to show</h2>
<ul>
  <li>A driving licence held for at least <strong>1 year</strong> (an international permit is advisable if yours is not in the Latin alphabet);</li>
  <li>Your passport or identity card;</li>
  <li>A bank card in the main driver's name for the deposit, which is only pre-authorised.</li>
</ul>
<p>The minimum age is <strong>21</strong>. An additional driver can be added to the booking.</p>
<h2>The inspection</h2>
<p>Walk round the vehicle with the agent and photograph any scratches. Check the fuel level: the rule is <em>full when you leave, full when you return</em>.</p>
<blockquote><p>Tip: the nearest petrol station to the airport is on the Nouaceur road, 3 km away. Remember it before returning the car.</p></blockquote>
<h2>The return</h2>
<p>Allow 20 minutes to return the car before your flight. You can also drop it off in the city centre, at Casa-Port station or at your hotel: just say so when you book.</p>$html$,
    'tags', jsonb_build_array('airport', 'Casablanca', 'tips'),
    'meta_title', 'Car rental at Mohammed V Airport, Casablanca',
    'meta_description', 'Documents, deposit, inspection and return: the practical guide to renting a car at Mohammed V Airport.'),
  'ar', jsonb_build_object(
    'title', 'استئجار سيارة في مطار محمد الخامس: الدليل الشامل',
    'excerpt', 'الوصول ومكتب الاستقبال والوثائق والضمان والكيلومترات الأولى: كل ما تحتاج إلى معرفته لتتسلّم سيارتك المستأجرة فور نزولك من الطائرة في الدار البيضاء.',
    'content', $html$<p>هل تهبط في <strong>مطار محمد الخامس</strong> بالدار البيضاء وتريد الانطلاق دون إضاعة الوقت؟ إليك كيف يجري استئجار السيارة، من الحجز إلى تسليم المفاتيح.</p>
<h2>قبل السفر: احجز عبر الإنترنت</h2>
<p>يضمن لك الحجز المسبق الطراز الذي اخترته وأفضل سعر، لا سيما في الصيف وخلال العطل المدرسية. أخبرنا برقم رحلتك: فنحن نتابع التأخيرات، وتبقى سيارتك في انتظارك حتى لو تأخرت الطائرة ساعة.</p>
<h2>عند الوصول: أين تجدنا</h2>
<p>بعد الجمارك، توجّه إلى <strong>بهو الوصول في المحطة 1</strong>. يستقبلك أحد موظفينا حاملًا لافتة باسمك ويرافقك إلى موقف السيارات حيث تنتظرك السيارة جاهزة وخزانها ممتلئ.</p>
<h2>الوثائق المطلوبة</h2>
<ul>
  <li>رخصة سياقة مضى على استخراجها <strong>سنة واحدة</strong> على الأقل (يُنصح بالرخصة الدولية إذا لم تكن رخصتك مكتوبة بالحروف اللاتينية)؛</li>
  <li>جواز سفرك أو بطاقة تعريفك؛</li>
  <li>بطاقة بنكية باسم السائق الرئيسي من أجل الضمان، ويُكتفى بحجز مبلغه مسبقًا دون اقتطاعه.</li>
</ul>
<p>السن الأدنى <strong>21 سنة</strong>. ويمكن إضافة سائق ثانٍ إلى الحجز.</p>
<h2>معاينة السيارة</h2>
<p>تفقّد السيارة من كل جوانبها مع الموظف والتقط صورًا لأي خدوش. وتحقّق من مستوى الوقود: القاعدة هي <em>خزان ممتلئ عند الانطلاق وخزان ممتلئ عند الإرجاع</em>.</p>
<blockquote><p>نصيحة: أقرب محطة وقود إلى المطار تقع على طريق النواصر، على بعد 3 كلم. تذكّرها قبل إرجاع السيارة.</p></blockquote>
<h2>الإرجاع</h2>
<p>خصّص 20 دقيقة لإرجاع السيارة قبل موعد رحلتك. ويمكنك أيضًا إرجاعها في وسط المدينة أو في محطة الدار البيضاء الميناء أو في فندقك: يكفي أن تذكر ذلك عند الحجز.</p>$html$,
    'tags', jsonb_build_array('المطار', 'الدار البيضاء', 'نصائح'),
    'meta_title', 'تأجير السيارات في مطار محمد الخامس بالدار البيضاء',
    'meta_description', 'الوثائق والضمان والمعاينة والإرجاع: الدليل العملي لاستئجار سيارة في مطار محمد الخامس.'))
where slug = 'louer-une-voiture-aeroport-mohammed-v';

update public.blog_posts set translations = jsonb_build_object(
  'en', jsonb_build_object(
    'title', 'Driving in Morocco: rules, tolls and practical tips',
    'excerpt', 'Speed limits, roundabouts, toll motorways, police checks: the rules to know to drive in Morocco with peace of mind.',
    'content', $html$<p>Driving is the best way to discover Morocco at your own pace. The road network is good and the motorways are modern, but a few rules and local habits are worth knowing.</p>
<h2>Speed limits</h2>
<table>
  <thead><tr><th>Type of road</th><th>Limit</th></tr></thead>
  <tbody>
    <tr><td>Built-up area</td><td>60 km/h (often 40 km/h near schools)</td></tr>
    <tr><td>National road</td><td>100 km/h</td></tr>
    <tr><td>Motorway</td><td>120 km/h</td></tr>
  </tbody>
</table>
<p>Fixed and mobile speed cameras are common, and police checks are frequent at the entrance to towns. Always keep the vehicle papers and your licence within reach.</p>
<h2>Roundabouts</h2>
<p>Careful: on many roundabouts <strong>priority goes to the right</strong>, that is, to vehicles entering. Slow down and watch the signs.</p>
<h2>Toll motorways</h2>
<p>Casablanca–Marrakech, Casablanca–Rabat–Tangier, Casablanca–El Jadida: ADM motorways are tolled. Allow about 100 DH for Casablanca–Marrakech. The <strong>Jawaz</strong> tag spares you the queues at the barriers: add it as an option when you book.</p>
<h2>Our advice</h2>
<ul>
  <li>Avoid driving on mountain roads at night;</li>
  <li>Watch out for pedestrians, carts and two-wheelers in town;</li>
  <li>Fill up at the large stations on the main routes;</li>
  <li>Keep some change for attended car parks (5 to 10 DH).</li>
</ul>
<p>And if anything goes wrong, our <strong>roadside assistance</strong> is available 24 hours a day.</p>$html$,
    'tags', jsonb_build_array('Morocco', 'driving', 'safety'),
    'meta_title', 'Driving in Morocco: the highway code and our tips',
    'meta_description', 'Speeds, priorities, tolls and the Jawaz tag: what to know before you take the wheel in Morocco.'),
  'ar', jsonb_build_object(
    'title', 'السياقة في المغرب: القواعد والطرق المؤدى عنها ونصائح عملية',
    'excerpt', 'حدود السرعة والمدارات والطرق السيارة المؤدى عنها ونقاط المراقبة: القواعد التي ينبغي معرفتها للسياقة في المغرب بكل اطمئنان.',
    'content', $html$<p>السياقة أفضل وسيلة لاكتشاف المغرب على إيقاعك الخاص. شبكة الطرق جيدة والطرق السيارة حديثة، غير أن بعض القواعد والعادات المحلية تستحق أن تُعرف.</p>
<h2>حدود السرعة</h2>
<table>
  <thead><tr><th>نوع الطريق</th><th>الحد الأقصى</th></tr></thead>
  <tbody>
    <tr><td>داخل المدن</td><td>60 كلم/س (وغالبًا 40 كلم/س قرب المدارس)</td></tr>
    <tr><td>الطريق الوطنية</td><td>100 كلم/س</td></tr>
    <tr><td>الطريق السيار</td><td>120 كلم/س</td></tr>
  </tbody>
</table>
<p>الرادارات الثابتة والمتنقلة كثيرة، ونقاط مراقبة الشرطة متكررة عند مداخل المدن. احتفظ دائمًا بوثائق السيارة ورخصتك في متناول يدك.</p>
<h2>المدارات</h2>
<p>انتبه: في كثير من المدارات تكون <strong>الأولوية لليمين</strong>، أي للسيارات الداخلة إلى المدار. خفّف السرعة وراقب الإشارات.</p>
<h2>الطرق السيارة المؤدى عنها</h2>
<p>الدار البيضاء–مراكش، والدار البيضاء–الرباط–طنجة، والدار البيضاء–الجديدة: الطرق السيارة التابعة للشركة الوطنية للطرق السيارة مؤدى عنها. احسب نحو 100 درهم بين الدار البيضاء ومراكش. وتعفيك شارة <strong>جواز</strong> من الانتظار عند الحواجز: أضفها خيارًا عند الحجز.</p>
<h2>نصائحنا</h2>
<ul>
  <li>تجنّب السياقة ليلًا على الطرق الجبلية؛</li>
  <li>احذر المارة والعربات والدراجات داخل المدن؛</li>
  <li>تزوّد بالوقود في المحطات الكبرى على المحاور الرئيسية؛</li>
  <li>احتفظ ببعض النقود الصغيرة لمواقف السيارات المحروسة (من 5 إلى 10 دراهم).</li>
</ul>
<p>وإن طرأ أي طارئ، فإن <strong>خدمة المساعدة على الطريق</strong> لدينا متاحة على مدار الساعة.</p>$html$,
    'tags', jsonb_build_array('المغرب', 'السياقة', 'السلامة'),
    'meta_title', 'السياقة في المغرب: قانون السير ونصائحنا',
    'meta_description', 'السرعة والأولوية والطرق المؤدى عنها وشارة جواز: ما ينبغي معرفته قبل الجلوس خلف المقود في المغرب.'))
where slug = 'conduire-au-maroc-regles-et-conseils';

update public.blog_posts set translations = jsonb_build_object(
  'en', jsonb_build_object(
    'title', 'A 3-day road trip from Casablanca to Marrakech',
    'excerpt', 'A three-day route between the ocean and the red city, with stops in El Jadida and Oualidia, and our favourite places to eat on the way.',
    'content', $html$<p>Less than three hours of motorway separate Casablanca from Marrakech. But why hurry? Here is a three-day route along the coast, to enjoy the journey as much as the destination.</p>
<h2>Day 1: Casablanca – El Jadida (100 km)</h2>
<p>Collect your car at the airport and take the coast road to <strong>El Jadida</strong>. Visit the Portuguese cistern and stroll along the ramparts of this UNESCO World Heritage town.</p>
<h2>Day 2: El Jadida – Oualidia (80 km)</h2>
<p>The <strong>Oualidia</strong> lagoon is famous for its oysters and sheltered beaches. Have lunch by the water, then swim or take a boat trip in the afternoon.</p>
<h2>Day 3: Oualidia – Marrakech (250 km)</h2>
<p>Head east through Sidi Bennour, then take the motorway. You reach <strong>Marrakech</strong> in the late afternoon, just in time for the sunset over Jemaa el-Fna square and the Koutoubia.</p>
<h2>Which car to choose?</h2>
<p>For a couple, a city car such as the <a href="/cars/renault-clio-5">Renault Clio 5</a> is plenty. With family or lots of luggage, prefer an SUV such as the <a href="/cars/audi-q7">Audi Q7</a>, comfortable on the small roads.</p>
<blockquote><p>Good to know: you can return the car in Casablanca on the way back, or ask us to collect it from your hotel.</p></blockquote>$html$,
    'tags', jsonb_build_array('road trip', 'Marrakech', 'itinerary'),
    'meta_title', 'Casablanca – Marrakech road trip along the coast in 3 days',
    'meta_description', 'El Jadida, Oualidia, Marrakech: our three-day route in a rental car, stage by stage.'),
  'ar', jsonb_build_object(
    'title', 'رحلة برية من الدار البيضاء إلى مراكش في 3 أيام',
    'excerpt', 'مسار من ثلاثة أيام بين المحيط والمدينة الحمراء، مع محطات في الجديدة والوليدية، وعناويننا المفضلة للأكل في الطريق.',
    'content', $html$<p>أقل من ثلاث ساعات على الطريق السيار تفصل الدار البيضاء عن مراكش. لكن لماذا العجلة؟ إليك مسارًا من ثلاثة أيام على طول الساحل، لتستمتع بالرحلة بقدر ما تستمتع بالوجهة.</p>
<h2>اليوم الأول: الدار البيضاء – الجديدة (100 كلم)</h2>
<p>تسلّم سيارتك في المطار وخذ الطريق الساحلية نحو <strong>الجديدة</strong>. زر الصهريج البرتغالي وتجوّل فوق أسوار المدينة المصنّفة تراثًا عالميًا لدى اليونسكو.</p>
<h2>اليوم الثاني: الجديدة – الوليدية (80 كلم)</h2>
<p>تشتهر بحيرة <strong>الوليدية</strong> بمحارها وشواطئها المحمية. تناول الغداء قبالة الماء، ثم استمتع بالسباحة أو بجولة في قارب بعد الظهر.</p>
<h2>اليوم الثالث: الوليدية – مراكش (250 كلم)</h2>
<p>اتجه شرقًا عبر سيدي بنور ثم الطريق السيار. تصل إلى <strong>مراكش</strong> في آخر النهار، في الوقت المناسب لمشاهدة غروب الشمس على ساحة جامع الفنا وصومعة الكتبية.</p>
<h2>أي سيارة تختار؟</h2>
<p>لشخصين، تكفي سيارة حضرية مثل <a href="/cars/renault-clio-5">رونو كليو 5</a>. ومع العائلة أو الأمتعة الكثيرة، فضّل سيارة رياضية متعددة الاستعمالات مثل <a href="/cars/audi-q7">أودي Q7</a>، المريحة على الطرق الصغيرة.</p>
<blockquote><p>معلومة مفيدة: يمكنك إرجاع السيارة في الدار البيضاء عند العودة، أو أن تطلب منا استلامها من فندقك.</p></blockquote>$html$,
    'tags', jsonb_build_array('رحلة برية', 'مراكش', 'مسار'),
    'meta_title', 'رحلة برية من الدار البيضاء إلى مراكش عبر الساحل في 3 أيام',
    'meta_description', 'الجديدة والوليدية ومراكش: مسارنا لثلاثة أيام بسيارة مستأجرة، مرحلة بمرحلة.'))
where slug = 'road-trip-casablanca-marrakech';

-- Storage rows for the seed images (the bytes are copied into the storage
-- backend by the server's seeding step, from migrations/seed/images/).
-- BEGIN generated storage objects (scripts/gen-seed-images; do not edit by hand)
insert into storage.objects (bucket_id, name, metadata) values
  ('car-images', 'seed/audi-q7-1.jpg', '{"mimetype": "image/jpeg", "size": 43589}'),
  ('car-images', 'seed/audi-q7-2.jpg', '{"mimetype": "image/jpeg", "size": 52318}'),
  ('car-images', 'seed/audi-q7-3.jpg', '{"mimetype": "image/jpeg", "size": 48159}'),
  ('blog-images', 'seed/blog-aeroport-mohammed-v.jpg', '{"mimetype": "image/jpeg", "size": 51974}'),
  ('blog-images', 'seed/blog-conduire-au-maroc.jpg', '{"mimetype": "image/jpeg", "size": 41450}'),
  ('blog-images', 'seed/blog-electrique-ou-hybride.jpg', '{"mimetype": "image/jpeg", "size": 50252}'),
  ('blog-images', 'seed/blog-road-trip-casablanca-marrakech.jpg', '{"mimetype": "image/jpeg", "size": 46099}'),
  ('car-images', 'seed/bmw-z4-1.jpg', '{"mimetype": "image/jpeg", "size": 47040}'),
  ('car-images', 'seed/bmw-z4-2.jpg', '{"mimetype": "image/jpeg", "size": 39323}'),
  ('car-images', 'seed/bmw-z4-3.jpg', '{"mimetype": "image/jpeg", "size": 49212}'),
  ('car-images', 'seed/citroen-c4-1.jpg', '{"mimetype": "image/jpeg", "size": 43601}'),
  ('car-images', 'seed/citroen-c4-2.jpg', '{"mimetype": "image/jpeg", "size": 51166}'),
  ('car-images', 'seed/citroen-c4-3.jpg', '{"mimetype": "image/jpeg", "size": 47637}'),
  ('car-images', 'seed/mercedes-classe-e-1.jpg', '{"mimetype": "image/jpeg", "size": 53263}'),
  ('car-images', 'seed/mercedes-classe-e-2.jpg', '{"mimetype": "image/jpeg", "size": 45601}'),
  ('car-images', 'seed/mercedes-classe-e-3.jpg', '{"mimetype": "image/jpeg", "size": 43393}'),
  ('car-images', 'seed/mercedes-classe-e-4.jpg', '{"mimetype": "image/jpeg", "size": 48781}'),
  ('car-images', 'seed/peugeot-208-1.jpg', '{"mimetype": "image/jpeg", "size": 49426}'),
  ('car-images', 'seed/peugeot-208-2.jpg', '{"mimetype": "image/jpeg", "size": 46602}'),
  ('car-images', 'seed/peugeot-508-hybrid-1.jpg', '{"mimetype": "image/jpeg", "size": 47016}'),
  ('car-images', 'seed/peugeot-508-hybrid-2.jpg', '{"mimetype": "image/jpeg", "size": 47092}'),
  ('car-images', 'seed/peugeot-508-hybrid-3.jpg', '{"mimetype": "image/jpeg", "size": 43723}'),
  ('car-images', 'seed/renault-clio-5-1.jpg', '{"mimetype": "image/jpeg", "size": 53140}'),
  ('car-images', 'seed/renault-clio-5-2.jpg', '{"mimetype": "image/jpeg", "size": 54354}'),
  ('car-images', 'seed/renault-clio-5-3.jpg', '{"mimetype": "image/jpeg", "size": 50001}'),
  ('car-images', 'seed/renault-trafic-1.jpg', '{"mimetype": "image/jpeg", "size": 50328}'),
  ('car-images', 'seed/renault-trafic-2.jpg', '{"mimetype": "image/jpeg", "size": 49085}'),
  ('car-images', 'seed/volkswagen-e-up-1.jpg', '{"mimetype": "image/jpeg", "size": 49229}'),
  ('car-images', 'seed/volkswagen-e-up-2.jpg', '{"mimetype": "image/jpeg", "size": 44533}'),
  ('car-images', 'seed/volkswagen-passat-1.jpg', '{"mimetype": "image/jpeg", "size": 47154}'),
  ('car-images', 'seed/volkswagen-passat-2.jpg', '{"mimetype": "image/jpeg", "size": 49476}'),
  ('car-images', 'seed/volkswagen-passat-3.jpg', '{"mimetype": "image/jpeg", "size": 47917}')
on conflict (bucket_id, name) do update set metadata = excluded.metadata;
-- END generated storage objects
