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
