// German, French, Spanish, Portuguese, Italian and Dutch mails of held-out-15.
import type { Mail } from '../held-out-3/types.js';
import { a, bank, btn, card, cells, code, h, kv, list, m, min, mso, p, plain, pre, promo, quoted, small, stores, tok, url } from './mail.js';

// ---- de ----------------------------------------------------------------------------------------------
const deBuerger = `https://buergerkonto.stadt-rheinau.example/registrierung/bestaetigen?vorgang=${tok('de-03', 40)}`;
const deWiki = `https://wikiwerk.de/einladung/annehmen/${tok('de-04', 26)}`;
const deReset = `https://kundenportal.lumenstrom.de/passwort/neu?token=${tok('de-10', 44)}`;

const DE: Mail[] = [
  m(
    'de-01-lieferapp-code.eml',
    'otp-service',
    'Flinkkorb <konto@flinkkorb.de>',
    'Dein Anmeldecode für Flinkkorb',
    card(
      'flinkkorb.de',
      [
        p('Hallo!'),
        p('Gib diesen Code in der App ein, um dich anzumelden. Er ist 15 Minuten gültig:'),
        code('275940'),
        p('Tipp: Lieferungen ab 35 € Bestellwert sind in Köln, Bonn und Düsseldorf kostenlos.'),
        small('Du hast keinen Code angefordert? Dann kannst du diese E-Mail ignorieren.'),
        stores('flinkkorb.de'),
      ],
      [
        'Flinkkorb GmbH · Hohenzollernring 56 · 50672 Köln',
        'Amtsgericht Köln HRB 104327 · USt-IdNr. DE 327118045',
        'Geschäftsführung: Miriam Lenz, Tobias Yilmaz',
      ],
    ),
    '275940',
    null,
    { charset: 'windows-1252', cte: 'quoted-printable' },
  ),
  m(
    'de-02-karte-freigabe-maskiert.eml',
    'otp-masked',
    'Volksbank Mittelrhein <service@vb-mittelrhein.example>',
    'Freigabe Ihrer Online-Zahlung',
    bank(
      'vb-mittelrhein.example',
      [
        h('Mastercard® Identity Check'),
        p('Sie bezahlen gerade online mit Ihrer Mastercard **** **** **** 6620.'),
        kv([
          ['Händler', 'TICKETEXPRESS BERLIN'],
          ['Betrag', '89,90 EUR'],
          ['Datum', '12.03.2026, 19:41 Uhr'],
        ]),
        p('Ihre Freigabenummer für diese Zahlung lautet:'),
        code('73911508'),
        p('Bitte geben Sie die Nummer nur im Bezahlfenster des Händlers ein. Mitarbeiter der Bank fragen niemals danach.'),
      ],
      ['Volksbank Mittelrhein eG · Schloßstraße 12 · 56068 Koblenz · BIC GENODED1VMR', 'Registergericht Koblenz GnR 312 · Sperr-Notruf 116 116'],
    ),
    '73911508',
    null,
    { charset: 'iso-8859-15' },
  ),
  m(
    'de-03-buergerkonto-bestaetigen.eml',
    'link-verify',
    'Bürgerkonto Stadt Rheinau <noreply@buergerkonto.stadt-rheinau.example>',
    'Bestätigung Ihrer E-Mail-Adresse (Vorgang 2026-BK-004188)',
    mso(
      'stadt-rheinau.example',
      [
        p('Sehr geehrte Damen und Herren,'),
        p('für diese E-Mail-Adresse wurde ein Bürgerkonto beantragt. Bitte bestätigen Sie die Adresse innerhalb von 48 Stunden über folgenden Link:'),
        url('', deBuerger),
        p('Erst nach der Bestätigung können Sie Anträge wie die Anmeldung eines Wohnsitzes oder die Beantragung eines Anwohnerparkausweises online stellen.'),
        p('Mit freundlichen Grüßen\nIhr Bürgerservice\nRathausplatz 1, 77866 Rheinau\nTel. 07844 400-0'),
      ],
      ['Diese Nachricht wurde automatisch erstellt.'],
    ),
    null,
    deBuerger,
    { charset: 'iso-8859-1', headerMode: 'Q' },
  ),
  m(
    'de-04-wiki-einladung.eml',
    'link-invite',
    'Wikiwerk <einladungen@wikiwerk.de>',
    'Lena Hoffmann hat dich in den Bereich „QA Testfälle“ eingeladen',
    card(
      'wikiwerk.de',
      [
        h('Du wurdest eingeladen'),
        p(
          'Lena Hoffmann möchte mit dir im Bereich „QA Testfälle“ zusammenarbeiten. Dort liegen 214 Seiten, zuletzt bearbeitet: „Abnahmeprotokoll Release 7.3“.',
        ),
        btn('Einladung annehmen', deWiki),
        p('Die Einladung gilt 14 Tage.'),
        a('', 'Was ist Wikiwerk?', 'https://wikiwerk.de/produkt'),
      ],
      ['Wikiwerk GmbH · Rosenthaler Str. 40 · 10178 Berlin'],
    ),
    null,
    deWiki,
  ),
  m(
    'de-05-code-nur-im-betreff.eml',
    'otp-subject',
    'Gleisfrei <login@gleisfrei.de>',
    'Ihr Einmalcode: 604 882',
    min('gleisfrei.de', [
      p('Guten Tag,'),
      p('Sie möchten sich bei Gleisfrei anmelden. Den Code finden Sie im Betreff dieser E-Mail; er gilt für 5 Minuten.'),
      p('Kundennummer: 5520 1187 09 · BahnCard-Nr. endet auf 4471'),
      p('Gleisfrei Mobilität GmbH, Europa-Allee 12, 60327 Frankfurt am Main'),
    ]),
    '604882',
    null,
    { why: 'the code is only in the subject, shown in two groups' },
  ),
  m(
    'de-06-fahrkarte-auftragsnummer.eml',
    'non-otp-code',
    'Gleisfrei <buchung@gleisfrei.de>',
    'Ihre Fahrkarte: Köln Hbf → Berlin Hbf am 26.03.2026',
    card(
      'gleisfrei.de',
      [
        h('Gute Reise!'),
        kv([
          ['Auftragsnummer', 'QX7H2P'],
          ['Hinfahrt', 'Do, 26.03.2026 · ICE 578 · ab 07:44 Köln Hbf, Gleis 4'],
          ['Sitzplatz', 'Wagen 7, Platz 63 (Großraum, Fenster)'],
          ['Preis', '79,99 € (Sparpreis, Zugbindung)'],
          ['Rechnungsnummer', '2026-0326-118845'],
        ]),
        p('Ihr Ticket liegt als PDF im Anhang und in der App. Bitte halten Sie bei der Kontrolle Ihren Ausweis bereit.'),
      ],
      ['Gleisfrei Mobilität GmbH, Europa-Allee 12, 60327 Frankfurt am Main'],
    ),
    null,
    null,
    { why: 'a booking reference, nothing to type into a form' },
  ),
  m(
    'de-07-telefonrechnung.eml',
    'numbers-no-code',
    'Funkstrom Kundenservice <rechnung@funkstrom.de>',
    'Ihre Rechnung für März 2026',
    bank(
      'funkstrom.de',
      [
        h('Ihre Mobilfunkrechnung'),
        kv([
          ['Kundennummer', '4100 2287 113'],
          ['Rechnungsnummer', 'R-2026-03-0887114'],
          ['Rechnungsbetrag', '34,97 €'],
          ['Abbuchung am', '08.04.2026'],
          ['IBAN', 'DE89 **** **** **** **30 00'],
          ['Mandatsreferenz', 'FS-MR-4100228711'],
        ]),
        p('Die Rechnung finden Sie als PDF im Kundenportal unter „Meine Rechnungen“.'),
      ],
      ['Funkstrom GmbH · Ludwigstraße 8 · 80539 München · Amtsgericht München HRB 241587 · USt-IdNr. DE 812 440 117', 'Gläubiger-ID DE98ZZZ09999999999'],
    ),
    null,
    null,
    { charset: 'windows-1252' },
  ),
  m(
    'de-08-neue-anmeldung.eml',
    'notice',
    'Kontor Cloud <sicherheit@kontor-cloud.de>',
    'Neue Anmeldung in Ihrem Konto',
    card(
      'kontor-cloud.de',
      [
        p('Hallo QA-Team,'),
        p('in Ihrem Kontor-Cloud-Konto hat sich gerade jemand angemeldet:'),
        kv([
          ['Gerät', 'iPhone 15, iOS 18.3'],
          ['Ort', 'Hamburg, Deutschland'],
          ['IP-Adresse', '91.64.118.205'],
          ['Zeit', '03.04.2026, 08:12 Uhr (MESZ)'],
        ]),
        p('Wenn Sie das waren, müssen Sie nichts tun.'),
        a('Waren Sie das nicht? ', 'Passwort jetzt ändern', 'https://kontor-cloud.de/konto/sicherheit'),
      ],
      ['Kontor Cloud GmbH · Speicherstadt, Am Sandtorkai 48 · 20457 Hamburg'],
    ),
    null,
    null,
  ),
  m(
    'de-09-arzttermin.eml',
    'numbers-no-code',
    'Praxis Dr. med. Sabine Krüger <termine@praxis-krueger.example>',
    'Terminerinnerung: Mi, 15.04.2026, 09:30 Uhr',
    plain('praxis-krueger.example', [
      p('Guten Tag,'),
      p('wir erinnern Sie an Ihren Termin am Mittwoch, 15.04.2026 um 09:30 Uhr (Vorsorgeuntersuchung, ca. 30 Min.).'),
      p(
        'Bitte bringen Sie Ihre Versichertenkarte mit. Falls Sie den Termin nicht wahrnehmen können, sagen Sie bitte bis spätestens 24 Stunden vorher ab: Tel. 0221 / 94 27 18-0.',
      ),
      p('Termin-Nr. 26-04-1573'),
      p('Praxis Dr. med. Sabine Krüger, Fachärztin für Allgemeinmedizin\nAachener Str. 201, 50931 Köln\nSprechzeiten Mo-Fr 8-12 Uhr, Mo/Di/Do 15-18 Uhr'),
    ]),
    null,
    null,
    { charset: 'iso-8859-1', cte: 'quoted-printable' },
  ),
  m(
    'de-10-passwort-zuruecksetzen.eml',
    'link-reset',
    'Lumenstrom Kundenportal <portal@lumenstrom.de>',
    'Passwort zurücksetzen',
    min('lumenstrom.de', [
      p('Hallo,'),
      p('für Ihr Kundenkonto (Vertragskonto 3000 4471 22) wurde ein neues Passwort angefordert.'),
      a('', 'Neues Passwort festlegen', deReset),
      p('Der Link ist 60 Minuten gültig. Haben Sie nichts angefordert, bleibt Ihr bisheriges Passwort bestehen.'),
      p('Lumenstrom AG · Kundenservice 0800 123 44 55 (kostenfrei)'),
    ]),
    null,
    deReset,
  ),
];

// ---- fr ----------------------------------------------------------------------------------------------
const frReset = `https://www.brocantia.fr/compte/mot-de-passe/reinitialiser?jeton=${tok('fr-03', 40)}`;
const frMagic = `https://app.carnetlib.fr/connexion/lien/${tok('fr-04', 36)}`;
const frSante = `https://moncompte.santelia.fr/email/confirmer?c=${tok('fr-05', 32)}`;
const frApprove = `https://espace.banque-azur.example/securite/appareil/valider?d=${tok('fr-10', 40)}`;

const FR: Mail[] = [
  m(
    'fr-01-jeu-code-connexion.eml',
    'otp-service',
    'Arcanide <compte@arcanide.gg>',
    'Connexion à votre compte Arcanide',
    card(
      'arcanide.gg',
      [
        h('Encore une étape, aventurier'),
        p('Une connexion au launcher Arcanide a été demandée depuis un nouvel ordinateur. Saisissez ce code dans la fenêtre du launcher :'),
        code('58 20 17'),
        p('Ce code expire dans 20 minutes. Saison 9 : le donjon « Forge d’Ysmir » ouvre le 28 mars.'),
        small('Si vous n’êtes pas à l’origine de cette demande, changez votre mot de passe.'),
      ],
      ['Arcanide SAS · 14 rue de la Fontaine-au-Roi · 75011 Paris · RCS Paris 884 512 907', ['Désinscription', 'https://arcanide.gg/compte/notifications']],
    ),
    '582017',
    null,
  ),
  m(
    'fr-02-operateur-numero-masque.eml',
    'otp-masked',
    'Ondéa Mobile <moncompte@ondea-mobile.fr>',
    'Votre code pour accéder à l’Espace Client',
    bank(
      'ondea-mobile.fr',
      [
        h('Espace Client Ondéa'),
        p('Bonjour,'),
        p('Vous avez demandé à vous connecter avec la ligne 06 •• •• 47 12. Votre code de connexion à usage unique est :'),
        code('940362'),
        p('Ce code est valable 10 minutes. Ne le communiquez jamais, même à un conseiller Ondéa.'),
        p('Forfait : Ondéa 100 Go 5G · N° client : 7710 4482 · Prochaine facture le 05/04/2026'),
      ],
      ['Ondéa Mobile SA au capital de 2 500 000 € · 39 avenue de France, 75013 Paris · RCS Paris 512 308 771'],
    ),
    '940362',
    null,
    { charset: 'windows-1252' },
  ),
  m(
    'fr-03-marketplace-reinitialisation.eml',
    'link-reset',
    'Brocantia <ne-pas-repondre@brocantia.fr>',
    'Réinitialisation de votre mot de passe',
    card(
      'brocantia.fr',
      [
        p('Bonjour qa_vendeur_03,'),
        p('Vous avez oublié votre mot de passe ? Pas de souci. Cliquez sur le bouton ci-dessous pour en choisir un nouveau :'),
        btn('Choisir un nouveau mot de passe', frReset),
        p('Ce lien est valable 1 heure. Vos 12 annonces en ligne et vos 3 ventes en cours ne sont pas affectées.'),
        stores('brocantia.fr'),
      ],
      ['Brocantia SAS, 5 quai de la Fosse, 44000 Nantes', ['Centre d’aide', 'https://aide.brocantia.fr']],
    ),
    null,
    frReset,
  ),
  m(
    'fr-04-ecole-lien-magique.eml',
    'link-magic',
    'Carnetlib <connexion@carnetlib.fr>',
    'Votre lien de connexion Carnetlib',
    min('carnetlib.fr', [
      p('Bonjour,'),
      p(
        'Voici votre lien pour ouvrir le carnet de liaison de la classe de CM1 B (école Jules-Ferry, Villeurbanne). Il fonctionne une seule fois, pendant 15 minutes :',
      ),
      a('', 'Me connecter à Carnetlib', frMagic),
      p('Pas de mot de passe à retenir : à chaque connexion, nous vous envoyons un nouveau lien.'),
    ]),
    null,
    frMagic,
  ),
  m(
    'fr-05-sante-code-et-lien.eml',
    'both',
    'Santélia <bienvenue@santelia.fr>',
    'Confirmez votre adresse e-mail',
    card(
      'santelia.fr',
      [
        h('Bienvenue sur Santélia'),
        p('Pour prendre rendez-vous avec votre médecin, confirmez votre adresse e-mail.'),
        btn('Confirmer mon adresse', frSante),
        p("Ou saisissez le code suivant dans l'application :"),
        code('316540'),
        small("Santélia est un hébergeur de données de santé certifié HDS. Votre numéro de sécurité sociale n'est jamais affiché dans nos e-mails."),
      ],
      ['Santélia SAS · 22 rue de la République · 69002 Lyon · Tél. 04 78 55 01 20'],
    ),
    '316540',
    frSante,
    { charset: 'iso-8859-15', cte: 'quoted-printable' },
  ),
  m(
    'fr-06-billet-train-reference.eml',
    'non-otp-code',
    'Voyages Rail Express <billets@rail-express.fr>',
    'Votre e-billet Paris → Lyon du 02/04',
    card(
      'rail-express.fr',
      [
        h('Votre voyage est confirmé'),
        kv([
          ['Référence de dossier', 'KQZ7PA'],
          ['Aller', 'jeu. 02/04/2026 · TGV 6617 · Paris Gare de Lyon 08:00 → Lyon Part-Dieu 09:56'],
          ['Voiture / place', '14 / 082'],
          ['Tarif', '49,00 € · Carte Avantage Adulte n° 29090 1774 3382'],
        ]),
        p('Présentez le QR code de votre e-billet au contrôleur. Pour échanger ou annuler, munissez-vous de votre référence de dossier et de votre nom.'),
      ],
      ['Rail Express SA · 9 rue Jean-Philippe Rameau · 93200 Saint-Denis'],
    ),
    null,
    null,
  ),
  m(
    'fr-07-facture-electricite.eml',
    'numbers-no-code',
    'Électricité Clairvolt <facture@clairvolt.fr>',
    'Votre facture d’électricité est disponible',
    mso(
      'clairvolt.fr',
      [
        p('Madame, Monsieur,'),
        p('Votre facture du 14/03/2026 d’un montant de 87,42 € TTC est disponible dans votre Espace client.'),
        kv([
          ['N° de client', '1 802 447 190'],
          ['N° de facture', '40028811734'],
          ['Point de livraison (PDL)', '24117389002716'],
          ['Prélèvement le', '29/03/2026'],
        ]),
        p('Consommation relevée : 412 kWh (index 18 224). Puissance souscrite : 6 kVA.'),
      ],
      ['Clairvolt SA · 1 place Samuel de Champlain · 92400 Courbevoie · SIRET 552 081 317 00024 · TVA FR03 552081317'],
    ),
    null,
    null,
    { charset: 'windows-1252' },
  ),
  m(
    'fr-08-newsletter-plateforme-dev.eml',
    'notice',
    'Hébergeon <news@hebergeon.io>',
    'Nouveautés de mars : PostgreSQL 17, runners ARM et correctif CVE-2026-1182',
    promo(
      'hebergeon.io',
      [
        h('Ce qui change ce mois-ci'),
        list([
          'PostgreSQL 17.4 disponible sur toutes les offres (migration en 1 clic depuis la 15).',
          'Runners ARM64 pour vos pipelines : jusqu’à 38 % moins chers.',
          'CLI v4.12.0 : corrige CVE-2026-1182 (chemin de fichier dans les logs). Mettez à jour avec « heb update ».',
          'Région gra-3 (Gravelines) : maintenance le 21/03 de 02:00 à 04:00 UTC.',
        ]),
        btn('Lire le changelog', 'https://hebergeon.io/changelog/2026-03'),
      ],
      ['Hébergeon SAS · 2 rue Kellermann · 59100 Roubaix'],
      { tracked: true },
    ),
    null,
    null,
  ),
  m(
    'fr-09-reponse-compte-recette.eml',
    'non-otp-code',
    'Julien Morel <julien.morel@northwind-qa.example>',
    'RE: Accès compte de test recette',
    plain('northwind-qa.example', [
      p('Salut,'),
      p(
        'En recette le SMS n’est pas envoyé : le code à saisir est toujours 000000 (bouchon côté fournisseur). Le compte est qa.recette.07 / mot de passe dans le coffre, entrée « RECETTE-07 ».',
      ),
      p('En préprod par contre c’est un vrai code, il faudra passer par le téléphone de test n°3.'),
      p('Julien'),
      quoted(
        'reply',
        ['De : Camille Durand', 'Envoyé : lundi 9 mars 2026 10:12', 'Objet : Accès compte de test recette'],
        ['Quelqu’un a le code OTP pour le compte de recette ? Ticket REC-2291.'],
      ),
    ]),
    null,
    null,
    { why: 'a fixed stub code of a test environment shared in a thread, no form sent this mail' },
  ),
  m(
    'fr-10-banque-valider-appareil.eml',
    'link-approve',
    'Banque Azur <securite@banque-azur.example>',
    'Validez votre nouvel appareil',
    bank(
      'banque-azur.example',
      [
        h('Nouvel appareil détecté'),
        p(
          'Une connexion à votre espace client (identifiant ****2290) a été demandée depuis un appareil inconnu : Samsung Galaxy S24, Marseille, le 07/04/2026 à 21:14.',
        ),
        p('Si c’est bien vous, validez cet appareil :'),
        { k: 'btn', label: 'Oui, c’est moi', url: frApprove },
        {
          k: 'a',
          before: 'Sinon, ',
          label: 'ce n’est pas moi',
          url: 'https://espace.banque-azur.example/securite/opposition',
          after: ' : nous bloquerons l’accès.',
        },
      ],
      ['Banque Azur, SA au capital de 310 000 000 € · 8 boulevard Michelet, 13008 Marseille · ORIAS 07 022 411'],
    ),
    null,
    frApprove,
  ),
];

// ---- es ----------------------------------------------------------------------------------------------
const esVerify = `https://app.cowork-ola.es/verificar-email?token=${tok('es-03', 38)}`;
const esYes = `https://cuenta.mercaplaza.es/seguridad/confirmar-acceso?sol=${tok('es-04', 30)}&r=si`;
const esInvite = `https://tablero.proyectia.com/invitacion/${tok('es-10', 24)}?accion=aceptar`;

const ES: Mail[] = [
  m(
    'es-01-marketplace-codigo.eml',
    'otp-service',
    'Mercaplaza <no-responder@mercaplaza.es>',
    'Tu código para verificar la cuenta',
    card(
      'mercaplaza.es',
      [
        p('¡Hola!'),
        p('Estás a un paso de empezar a vender en Mercaplaza. Copia este número en la pantalla de verificación:'),
        code('82531'),
        p('Caduca en 15 minutos. Nunca te pediremos este número por teléfono ni por WhatsApp.'),
      ],
      ['Mercaplaza Servicios S.L. · C/ de Alcalá 95, 28009 Madrid · CIF B-87331092'],
    ),
    '82531',
    null,
  ),
  m(
    'es-02-banco-clave-operacion.eml',
    'otp-bank',
    'Banco Ribera <avisos@bancoribera.example>',
    'Clave para confirmar tu transferencia',
    bank(
      'bancoribera.example',
      [
        h('Confirmación de operación'),
        p('Para confirmar la transferencia inmediata que estás realizando introduce la siguiente clave de operación:'),
        code('6190 4428'),
        kv([
          ['Importe', '150,00 €'],
          ['Beneficiario', 'Lucía Martín Ortega'],
          ['Cuenta destino', 'ES76 **** **** **** **** 4417'],
          ['Concepto', 'Cena equipo QA'],
        ]),
        p('Si no estás haciendo esta operación, no introduzcas la clave y llámanos al 900 102 030.'),
      ],
      ['Banco Ribera, S.A. · Paseo de la Castellana 7, 28046 Madrid · Inscrito en el Registro del Banco de España con el n.º 0227'],
    ),
    '61904428',
    null,
    { charset: 'iso-8859-15' },
  ),
  m(
    'es-03-coworking-verificar.eml',
    'link-verify',
    'Cowork Ola <hola@cowork-ola.es>',
    'Verifica tu correo para reservar puesto',
    min('cowork-ola.es', [
      p('Hola,'),
      p('Gracias por registrarte en Cowork Ola Valencia. Para poder reservar puestos y salas necesitamos verificar tu correo:'),
      a('', 'Verificar mi correo', esVerify),
      p('Horario de recepción: L-V 8:00-20:00. Av. del Puerto 112, 46023 Valencia. Tel. 963 55 01 88.'),
    ]),
    null,
    esVerify,
  ),
  m(
    'es-04-acceso-eres-tu.eml',
    'link-approve',
    'Mercaplaza <seguridad@mercaplaza.es>',
    '¿Eres tú quien intenta iniciar sesión?',
    card(
      'mercaplaza.es',
      [
        h('Confirma que eres tú'),
        p('Alguien intenta entrar en tu cuenta desde Sevilla, España (IP 88.27.140.61) con un Xiaomi Redmi Note 13.'),
        btn('Sí, soy yo', esYes),
        a('¿No has sido tú? ', 'Bloquear el acceso', `https://cuenta.mercaplaza.es/seguridad/confirmar-acceso?sol=${tok('es-04', 30)}&r=no`),
        small('La solicitud caduca en 10 minutos.'),
      ],
      ['Mercaplaza Servicios S.L. · C/ de Alcalá 95, 28009 Madrid'],
    ),
    null,
    esYes,
  ),
  m(
    'es-05-vtc-codigo-alfanumerico.eml',
    'otp-alnum',
    'Rodaya <cuenta@rodaya.app>',
    'Cambio de correo electrónico en Rodaya',
    card(
      'rodaya.app',
      [
        p('Has pedido cambiar el correo de tu cuenta de Rodaya a qa@inbox.test.'),
        p('Escribe este código en la app para confirmar el cambio:'),
        cells('X4T9QP'),
        small('Si no lo pediste, ignora este mensaje: tu correo anterior seguirá activo. Último viaje: 14/03, 11,40 €, matrícula 4821 LKZ.'),
      ],
      ['Rodaya Movilidad S.L. · Carrer de Pallars 193, 08005 Barcelona'],
    ),
    'X4T9QP',
    null,
  ),
  m(
    'es-06-autobus-localizador.eml',
    'non-otp-code',
    'Autocares del Norte <reservas@autocaresnorte.es>',
    'Tu billete Bilbao - Santander, localizador 4HZ9KQ',
    card(
      'autocaresnorte.es',
      [
        h('¡Billete confirmado!'),
        kv([
          ['Localizador', '4HZ9KQ'],
          ['Salida', 'Bilbao Termibus, 21/03/2026 17:30'],
          ['Llegada', 'Santander Estación, 18:45'],
          ['Asiento', '23'],
          ['Total', '9,35 € (IVA incl.)'],
        ]),
        p('Para cambios o anulaciones necesitarás el localizador y tu DNI. Presenta el billete en el móvil al subir.'),
      ],
      ['Autocares del Norte S.A. · Alameda de Recalde 36, 48009 Bilbao'],
    ),
    null,
    null,
  ),
  m(
    'es-07-sede-justificante.eml',
    'numbers-no-code',
    'Sede Electrónica <notificaciones@sede.ayto-valdemora.example>',
    'Justificante de presentación de su solicitud',
    mso(
      'ayto-valdemora.example',
      [
        p('Se ha registrado correctamente su solicitud "Licencia de obra menor".'),
        kv([
          ['Número de registro', 'REGAGE26e00008841273'],
          ['Fecha y hora', '17/03/2026 12:08:44'],
          ['Expediente', '2026/OBR/001187'],
          ['CSV', '14163771525201467712'],
        ]),
        p('Puede comprobar la autenticidad del justificante introduciendo el CSV en la sede electrónica. Plazo máximo de resolución: 3 meses.'),
      ],
      ['Ayuntamiento de Valdemora · Plaza Mayor 1, 28999 Valdemora (Madrid) · Tel. 010'],
    ),
    null,
    null,
    { why: 'a registry number and a secure verification code for the receipt, nothing to finish' },
  ),
  m(
    'es-08-contrasena-cambiada.eml',
    'notice',
    'Cowork Ola <hola@cowork-ola.es>',
    'Has cambiado tu contraseña',
    min('cowork-ola.es', [
      p('Hola,'),
      p('Te confirmamos que la contraseña de tu cuenta se cambió el 24/03/2026 a las 09:47.'),
      a('Si no has sido tú, ', 'escríbenos', 'mailto:soporte@cowork-ola.es', ' cuanto antes.'),
    ]),
    null,
    null,
  ),
  m(
    'es-09-cupon-comida.eml',
    'non-otp-code',
    'Cómetelo <promos@cometelo.es>',
    '10 € para tu próximo pedido 🍕',
    promo(
      'cometelo.es',
      [
        h('Te echamos de menos'),
        p('Tu último pedido (n.º 7730-2214, Pizzería Vesubio) fue hace 3 semanas. Vuelve con 10 € de descuento en pedidos desde 20 €:'),
        code('VUELVE10'),
        p('Válido hasta el 30/04/2026. Un uso por cliente.'),
        btn('Pedir ahora', 'https://cometelo.es/?utm_campaign=winback_0426'),
      ],
      ['Cómetelo Delivery S.L. · C/ Gran Vía 28, 28013 Madrid'],
      { tracked: true },
    ),
    null,
    null,
  ),
  m(
    'es-10-tablero-invitacion.eml',
    'link-invite',
    'Proyectia <avisos@proyectia.com>',
    'Sergio Campos te ha invitado al tablero "Sprint 15 QA"',
    card(
      'proyectia.com',
      [
        p('Sergio Campos te ha invitado a colaborar en el tablero "Sprint 15 QA" (47 tarjetas, 5 columnas).'),
        btn('Aceptar invitación', esInvite),
        p('¿Aún no tienes cuenta? Podrás crearla al aceptar.'),
      ],
      ['Proyectia Software S.L. · Calle Larios 4, 29005 Málaga'],
    ),
    null,
    esInvite,
  ),
];

// ---- pt ----------------------------------------------------------------------------------------------
const ptAtivar = `https://aulaviva.com.br/conta/ativar/${tok('pt-03', 40)}`;
const ptConvite = `https://quadro.tarefeiro.com/convites/${tok('pt-04', 20)}/aceitar`;
const ptReset = `https://www.portaldocidadao.example.pt/recuperar-senha?t=${tok('pt-10', 36)}`;

const PT: Mail[] = [
  m(
    'pt-01-pix-cpf-mascarado.eml',
    'otp-masked',
    'Banco Cerrado <seguranca@bancocerrado.example>',
    'Código de segurança para sua transferência Pix',
    bank(
      'bancocerrado.example',
      [
        h('Confirmação de Pix'),
        p('Olá, cliente de CPF ***.482.117-**.'),
        p('Você iniciou um Pix de R$ 1.250,00 para a chave (11) 9****-7732 (Ricardo A. Souza). Para concluir, informe o código abaixo no app:'),
        code('507218'),
        p('O código vale por 3 minutos. O Banco Cerrado nunca liga pedindo códigos de segurança.'),
        p('Agência 0448 · Conta corrente ****91-3'),
      ],
      ['Banco Cerrado S.A. · CNPJ 12.345.678/0001-90 · SAC 0800 771 0044 · Ouvidoria 0800 771 0055'],
    ),
    '507218',
    null,
    { charset: 'iso-8859-1' },
  ),
  m(
    'pt-02-entrega-codigo-distratores.eml',
    'otp-distractors',
    'Rapidão <conta@rapidao.com.br>',
    'Confirme seu e-mail no Rapidão',
    card(
      'rapidao.com.br',
      [
        p('Oi! Seu pedido #48213 (Padaria Bella Paulista, R$ 37,90) já está sendo preparado.'),
        p('Enquanto isso, confirme seu e-mail digitando este código no app:'),
        code('9364'),
        p('Endereço de entrega: Av. Paulista, 1578, ap. 32 · CEP 01310-200 · São Paulo/SP'),
        small('Dúvidas? Central (11) 4003-1234, todos os dias das 8h às 23h.'),
        stores('rapidao.com.br'),
      ],
      ['Rapidão Entregas Ltda. · CNPJ 31.224.908/0001-07 · Rua Funchal, 418, São Paulo/SP'],
    ),
    '9364',
    null,
  ),
  m(
    'pt-03-escola-ativar-conta.eml',
    'link-verify',
    'Aulaviva <nao-responda@aulaviva.com.br>',
    'Ative sua conta de responsável',
    min('aulaviva.com.br', [
      p('Olá,'),
      p('A Escola Municipal Monteiro Lobato cadastrou este e-mail como responsável pelo aluno de matrícula 2026.0417.88 (5º ano B).'),
      a('Para ativar sua conta e acompanhar notas e frequência, ', 'clique aqui', ptAtivar, '.'),
      p('O link expira em 7 dias.'),
    ]),
    null,
    ptAtivar,
  ),
  m(
    'pt-04-convite-equipe.eml',
    'link-invite',
    'Tarefeiro <convites@tarefeiro.com>',
    'Você foi convidado para a equipe QA Mobile',
    card(
      'tarefeiro.com',
      [
        h('Convite para a equipe QA Mobile'),
        p('Beatriz Lima convidou você para a equipe "QA Mobile" no Tarefeiro. São 3 quadros e 128 tarefas abertas.'),
        btn('Aceitar convite', ptConvite),
        small('Este convite expira em 10 dias.'),
      ],
      ['Tarefeiro · Rua Augusta 2690, São Paulo/SP'],
    ),
    null,
    ptConvite,
  ),
  m(
    'pt-05-codigo-no-assunto.eml',
    'otp-subject',
    'Rodaki <noreply@rodaki.com.br>',
    'Rodaki: 381742 é o seu código',
    plain('rodaki.com.br', [
      p('Use o código do assunto deste e-mail para entrar no Rodaki.'),
      p('Não compartilhe com ninguém.'),
      p('Rodaki Tecnologia Ltda. · CNPJ 40.118.221/0001-34'),
    ]),
    '381742',
    null,
  ),
  m(
    'pt-06-vale-presente.eml',
    'non-otp-code',
    'Livraria Nova <presentes@livrarianova.com.br>',
    'Você recebeu um vale-presente de R$ 100,00',
    card(
      'livrarianova.com.br',
      [
        h('Um presente para você 🎁'),
        p('Mariana Costa enviou um vale-presente para você: "Obrigada pela ajuda com os testes de regressão!"'),
        kv([
          ['Código do vale', 'GIFT-8K2Q-7PZ4-M1XR'],
          ['PIN', '4412'],
          ['Valor', 'R$ 100,00'],
          ['Validade', '31/12/2026'],
        ]),
        p('Use o código e o PIN no carrinho, em "Vale-presente".'),
      ],
      ['Livraria Nova S.A. · CNPJ 08.771.552/0001-20 · Av. Brig. Faria Lima, 2232, São Paulo/SP'],
    ),
    null,
    null,
  ),
  m(
    'pt-07-nota-fiscal.eml',
    'numbers-no-code',
    'Nota Fiscal Eletrônica <nfe@rapidao.com.br>',
    'NF-e nº 000.118.442 - Rapidão Entregas Ltda.',
    plain(
      'rapidao.com.br',
      [
        p('Prezado(a) cliente,'),
        p('Segue a Nota Fiscal Eletrônica referente ao seu pedido #48213.'),
        pre(
          'Número: 000.118.442  Série: 1\nEmissão: 14/03/2026 20:17:33\nValor total: R$ 37,90\nChave de acesso:\n3526 0331 2249 0800 0107 5500 1000 1184 4210 0732 2186\nProtocolo de autorização: 135260418870221',
        ),
        p('Consulte a autenticidade no portal da SEFAZ com a chave de acesso acima.'),
      ],
      ['Rapidão Entregas Ltda. · CNPJ 31.224.908/0001-07 · IE 115.227.340.118'],
    ),
    null,
    null,
    { charset: 'windows-1252', cte: 'quoted-printable' },
  ),
  m(
    'pt-08-novo-acesso.eml',
    'notice',
    'Tarefeiro <seguranca@tarefeiro.com>',
    'Novo acesso à sua conta',
    card(
      'tarefeiro.com',
      [
        p('Detectamos um novo acesso à sua conta Tarefeiro.'),
        kv([
          ['Quando', '19/03/2026 às 14:22 (BRT)'],
          ['Dispositivo', 'Edge 134 · Windows'],
          ['Local aproximado', 'Recife, PE'],
        ]),
        p('Se foi você, está tudo certo. Caso contrário, altere sua senha nas configurações de segurança.'),
      ],
      ['Tarefeiro · Rua Augusta 2690, São Paulo/SP'],
    ),
    null,
    null,
  ),
  m(
    'pt-09-rastreio-encomenda.eml',
    'numbers-no-code',
    'CTT Expresso Lusa <notificacoes@expressolusa.pt>',
    'A sua encomenda LB123456789PT saiu para entrega',
    min('expressolusa.pt', [
      p('Olá,'),
      p('A encomenda LB123456789PT (remetente: Fnacify Portugal, 1,2 kg) saiu para entrega hoje, 08/04/2026, entre as 10h e as 13h.'),
      p('Morada: Rua de Santa Catarina 312, 4000-443 Porto'),
      p('Se não estiver em casa, a encomenda fica disponível na loja Porto Bolhão (n.º 0218) durante 7 dias úteis.'),
      p('Expresso Lusa, S.A. · NIF 503 771 204 · Linha de apoio 707 26 26 26'),
    ]),
    null,
    null,
  ),
  m(
    'pt-10-portal-recuperar-senha.eml',
    'link-reset',
    'Portal do Cidadão <naoresponder@portaldocidadao.example.pt>',
    'Recuperação da palavra-passe',
    mso(
      'portaldocidadao.example.pt',
      [
        p('Exmo.(a) Senhor(a),'),
        p('Recebemos um pedido de recuperação da palavra-passe associada ao NIF ***.***.418.'),
        a('Para definir uma nova palavra-passe, aceda à seguinte ligação: ', 'Definir nova palavra-passe', ptReset),
        p('A ligação é válida durante 30 minutos. Se não fez este pedido, ignore esta mensagem.'),
        p('Linha de apoio: 300 003 990 (dias úteis, 9h-19h)'),
      ],
      [],
    ),
    null,
    ptReset,
    { charset: 'iso-8859-15' },
  ),
];

// ---- it ----------------------------------------------------------------------------------------------
const itReset = `https://fascicolo.asl-bergamo.example.it/recupero-password?codice=${tok('it-03', 36)}`;
const itVerify = `https://account.ludonia.it/conferma?u=55091&tk=${tok('it-04', 30)}`;
const itBoth = `https://areaclienti.ventel.it/email/conferma/${tok('it-05', 32)}`;

const IT: Mail[] = [
  m(
    'it-01-spesa-otp.eml',
    'otp-service',
    'Spesafacile <account@spesafacile.it>',
    'Il tuo codice OTP',
    card(
      'spesafacile.it',
      [
        p('Ciao,'),
        p('per accedere al tuo account Spesafacile inserisci questo codice OTP:'),
        code('714093'),
        p('Il codice scade tra 5 minuti. Consegna gratuita con Spesafacile Plus sopra i 40 €.'),
      ],
      ['Spesafacile S.r.l. · Via Tortona 33, 20144 Milano · P.IVA 10822750961'],
    ),
    '714093',
    null,
  ),
  m(
    'it-02-identita-digitale-gruppi.eml',
    'otp-separated',
    'Identità Sicura <noreply@identitasicura.example.it>',
    'Codice di verifica per la tua identità digitale',
    bank(
      'identitasicura.example.it',
      [
        h('Verifica indirizzo e-mail'),
        p('Stai registrando la tua identità digitale di livello 2. Il codice di verifica da inserire nel modulo di registrazione è:'),
        code('48 21 93'),
        p('Pratica n. IS-2026-0091184 · Codice fiscale: RSS***80A01H***'),
        p('Il codice è valido 30 minuti.'),
      ],
      ['Identità Sicura S.p.A. · Viale Europa 175, 00144 Roma · Assistenza 06 9480 1100'],
    ),
    '482193',
    null,
    { charset: 'iso-8859-15' },
  ),
  m(
    'it-03-fascicolo-reimposta.eml',
    'link-reset',
    'Fascicolo Sanitario ASL Bergamo <noreply@asl-bergamo.example.it>',
    'Reimpostazione password',
    mso(
      'asl-bergamo.example.it',
      [
        p('Gentile utente,'),
        p('abbiamo ricevuto una richiesta di reimpostazione della password del Fascicolo Sanitario Elettronico.'),
        url('Per reimpostarla apra il seguente indirizzo entro 2 ore:', itReset),
        p('Per prenotazioni: CUP 800 638 638 (lun-ven 8:00-20:00).'),
      ],
      ['ASL Bergamo · Via Gallicciolli 4, 24121 Bergamo'],
    ),
    null,
    itReset,
  ),
  m(
    'it-04-gioco-conferma-email.eml',
    'link-verify',
    'Ludonia <benvenuto@ludonia.it>',
    'Conferma il tuo indirizzo email',
    card(
      'ludonia.it',
      [
        h('Benvenuto su Ludonia!'),
        p('Il tuo nome giocatore è qa_tester_55091. Conferma l’indirizzo email per ricevere 500 gemme di benvenuto.'),
        btn('Conferma email', itVerify),
        small('Codice amico: LUDO-7K3M (condividilo per ottenere ricompense).'),
      ],
      ['Ludonia Games S.r.l. · Corso Vittorio Emanuele II 18, 10123 Torino'],
    ),
    null,
    itVerify,
  ),
  m(
    'it-05-operatore-codice-e-link.eml',
    'both',
    'Ventel <noreply@ventel.it>',
    'Conferma la modifica dell’email di contatto',
    card(
      'ventel.it',
      [
        p('Ciao, hai chiesto di usare qa@inbox.test come email di contatto della linea 347 ***  1182.'),
        btn('Conferma modifica', itBoth),
        p('Oppure inserisci nell’app MyVentel il codice:'),
        code('220671'),
        small('Offerta attiva: Ventel Giga 150 a 9,99 €/mese. Prossimo rinnovo 02/04/2026.'),
      ],
      ['Ventel S.p.A. · Via Jervis 13, 10015 Ivrea (TO) · P.IVA 09311770016'],
    ),
    '220671',
    itBoth,
  ),
  m(
    'it-06-treno-pnr.eml',
    'non-otp-code',
    'Ferrovie Veloci <biglietti@ferrovieveloci.it>',
    'Il tuo biglietto Milano-Roma, PNR XKQ4RT',
    card(
      'ferrovieveloci.it',
      [
        kv([
          ['Codice PNR', 'XKQ4RT'],
          ['Codice biglietto (CP)', '4821 1937 552'],
          ['Treno', 'FV 9541 · Milano Centrale 07:10 → Roma Termini 10:20'],
          ['Carrozza / posto', '6 / 11A'],
          ['Importo', '54,90 €'],
        ]),
        p('Mostra il PNR al personale di bordo. Cambio gratuito fino alla partenza.'),
      ],
      ['Ferrovie Veloci S.p.A. · Piazza della Croce Rossa 1, 00161 Roma'],
    ),
    null,
    null,
  ),
  m(
    'it-07-cedolino.eml',
    'numbers-no-code',
    'Ufficio Personale <hr@northwind-qa.example>',
    'Cedolino di marzo 2026 disponibile',
    mso(
      'northwind-qa.example',
      [
        p('Buongiorno,'),
        p('il cedolino di marzo 2026 è disponibile sul portale dipendenti.'),
        kv([
          ['Matricola', '000712'],
          ['Netto in busta', '2.184,55 €'],
          ['Accredito', '27/03/2026 su IBAN IT60 X054 **** **** **** 4471'],
          ['Ore lavorate', '168,00 (straordinari 6,50)'],
        ]),
        p('Per domande: Ufficio Personale, interno 2214.'),
      ],
      ['Northwind QA Italia S.r.l. · Via Vittor Pisani 16, 20124 Milano · P.IVA 11830250965'],
    ),
    null,
    null,
    { charset: 'windows-1252' },
  ),
  m(
    'it-08-nuovo-accesso.eml',
    'notice',
    'Spesafacile <sicurezza@spesafacile.it>',
    'Nuovo accesso al tuo account',
    min('spesafacile.it', [
      p('Ciao,'),
      p('abbiamo registrato un accesso al tuo account da un nuovo dispositivo (Pixel 8, Android 15) il 23/03/2026 alle 18:05, vicino a Bologna.'),
      p('Se sei stato tu non devi fare nulla. Altrimenti cambia subito la password dall’app.'),
    ]),
    null,
    null,
  ),
  m(
    'it-09-spedizione.eml',
    'numbers-no-code',
    'Pacchi Italia <tracking@pacchitalia.it>',
    'Spedizione 1Z4K8W0219 in consegna domani',
    card(
      'pacchitalia.it',
      [
        p('Il tuo pacco (ordine 402-7718291-5530147) sarà consegnato domani tra le 9:00 e le 13:00.'),
        kv([
          ['Numero spedizione', '1Z4K8W0219'],
          ['Destinatario', 'Ufficio QA, Via Tortona 33, 20144 Milano'],
          ['Colli', '2 (peso 3,4 kg)'],
        ]),
        p('Puoi cambiare data o indirizzo dal sito Pacchi Italia.'),
      ],
      ['Pacchi Italia S.p.A. · Via Roma 100, 20060 Vignate (MI)'],
    ),
    null,
    null,
  ),
];

// ---- nl ----------------------------------------------------------------------------------------------
const nlVerify = `https://www.tweedekans.nl/account/bevestig?code=${tok('nl-03', 34)}`;
const nlMagic = `https://mijn.fietsdeal.nl/inloggen/link?t=${tok('nl-04', 40)}`;

const NL: Mail[] = [
  m(
    'nl-01-inlogcode.eml',
    'otp-service',
    'Planbord <noreply@planbord.nl>',
    'Je inlogcode voor Planbord',
    card(
      'planbord.nl',
      [
        p('Hoi,'),
        p('Vul deze code in om verder te gaan. Hij verloopt over 10 minuten.'),
        code('630418'),
        small('Vroeg je geen code aan? Dan kun je deze mail negeren.'),
      ],
      ['Planbord B.V. · Keizersgracht 174 · 1016 DW Amsterdam · KvK 81230991'],
    ),
    '630418',
    null,
  ),
  m(
    'nl-02-bank-bevestigingscode.eml',
    'otp-bank',
    'Polderbank <beveiliging@polderbank.example>',
    'Bevestig je overboeking',
    bank(
      'polderbank.example',
      [
        h('Bevestigingscode'),
        p('Je staat op het punt € 640,00 over te maken naar NL91 ABNA 0417 1643 00 (Verhuur Zeeland B.V.), omschrijving "Huur vakantiehuis 2026-118".'),
        p('Bevestigingscode:'),
        code('4417 2690'),
        p('Vul de code alleen in bij Internet Bankieren. Polderbank vraagt nooit om deze code via telefoon of e-mail.'),
      ],
      ['Polderbank N.V. · Stationsplein 45 · 3511 ED Utrecht · KvK 30112287'],
    ),
    '44172690',
    null,
    { charset: 'windows-1252' },
  ),
  m(
    'nl-03-marktplaats-bevestigen.eml',
    'link-verify',
    'Tweedekans <info@tweedekans.nl>',
    'Bevestig je e-mailadres',
    min('tweedekans.nl', [
      p('Welkom bij Tweedekans!'),
      p('Klik op de link hieronder om je e-mailadres te bevestigen. Daarna kun je advertenties plaatsen en berichten sturen.'),
      url('', nlVerify),
      p('Tweedekans B.V., Postbus 2051, 1000 CB Amsterdam'),
    ]),
    null,
    nlVerify,
  ),
  m(
    'nl-04-inloggen-zonder-wachtwoord.eml',
    'link-magic',
    'Fietsdeal <inloggen@fietsdeal.nl>',
    'Inloggen bij Fietsdeal',
    card(
      'fietsdeal.nl',
      [
        h('Log in met één klik'),
        p('Klik op de knop om in te loggen. De link werkt 15 minuten en maar één keer.'),
        btn('Inloggen', nlMagic),
        small('Je leaseaanvraag 2026-LF-0774 staat klaar voor ondertekening na het inloggen.'),
      ],
      ['Fietsdeal B.V. · Vaartweg 27 · 3511 AB Utrecht'],
    ),
    null,
    nlMagic,
  ),
  m(
    'nl-05-pakket-adres-wijzigen.eml',
    'otp-distractors',
    'Pakketpost <service@pakketpost.nl>',
    'Code om je bezorgadres te wijzigen',
    card(
      'pakketpost.nl',
      [
        p('Je wilt het bezorgadres wijzigen van zending 3SPKP1234567 (afzender: Webwinkel Koelblauw B.V.).'),
        kv([
          ['Huidig adres', 'Damrak 70, 1012 LM Amsterdam'],
          ['Nieuw adres', 'Prinsengracht 263, 1016 GV Amsterdam'],
          ['Bezorgdag', 'donderdag 9 april, 14:00 - 16:30'],
        ]),
        p('Vul deze code in op de website om de wijziging te bevestigen:'),
        code('827305'),
        small('Klantenservice: 088 - 868 6161'),
      ],
      ['Pakketpost Nederland B.V. · Prinses Beatrixlaan 23 · 2595 AK Den Haag'],
    ),
    '827305',
    null,
  ),
  m(
    'nl-06-cadeaubon.eml',
    'non-otp-code',
    'Boekenbaai <cadeau@boekenbaai.nl>',
    'Je hebt een cadeaubon van € 25 gekregen',
    promo(
      'boekenbaai.nl',
      [
        h('Veel leesplezier!'),
        p('Het team van Northwind QA stuurt je een cadeaubon.'),
        kv([
          ['Cadeauboncode', '6036 4410 2278 9153'],
          ['Pincode', '8820'],
          ['Geldig tot', '14-03-2028'],
        ]),
        btn('Bekijk de bestsellers', 'https://boekenbaai.nl/bestsellers'),
      ],
      ['Boekenbaai B.V. · Oudegracht 120 · 3511 AW Utrecht'],
      { tracked: true },
    ),
    null,
    null,
  ),
  m(
    'nl-07-belasting-aanslag.eml',
    'numbers-no-code',
    'Berichtenbox Overheid <noreply@berichtenbox.example.nl>',
    'U heeft een nieuw bericht in uw Berichtenbox',
    mso(
      'berichtenbox.example.nl',
      [
        p('Geachte heer/mevrouw,'),
        p('Er staat een nieuw bericht van de Belastingdienst in uw Berichtenbox: "Voorlopige aanslag inkomstenbelasting 2026".'),
        kv([
          ['Aanslagnummer', '1234.56.789.H.66'],
          ['Dagtekening', '27 maart 2026'],
          ['Bedrag', '€ 312,00 (in 9 termijnen)'],
        ]),
        p('Log in met DigiD om het bericht te lezen. Wij sturen nooit links naar inlogpagina’s in deze e-mail.'),
      ],
      ['Dit is een automatisch bericht. U kunt hier niet op reageren.'],
    ),
    null,
    null,
  ),
  m(
    'nl-08-deurcode-vakantiehuis.eml',
    'non-otp-code',
    'Duinhuisjes Texel <verhuur@duinhuisjes.nl>',
    'Praktische info voor je verblijf (boeking DH-2026-0418)',
    plain(
      'duinhuisjes.nl',
      [
        p('Beste gast,'),
        p('Nog drie nachtjes! Hier alles wat je nodig hebt voor aankomst op vrijdag 17 april:'),
        list([
          'Adres: Pontweg 88, 1796 MA De Koog (Texel)',
          'Inchecken vanaf 15:00, de sleutel zit in het kluisje naast de voordeur',
          'Code sleutelkluis: 2719',
          'Wifi: DuinhuisjeNoord / wachtwoord zeelucht2026',
          'Boot: TESO vertrekt elk uur om :30 vanuit Den Helder',
        ]),
        p('Fijne reis!\nMarloes'),
      ],
      ['Duinhuisjes Texel · KvK 56611920 · 0222 31 44 70'],
    ),
    null,
    null,
    { charset: 'iso-8859-1' },
  ),
  m(
    'nl-09-nieuwsbrief-release.eml',
    'notice',
    'Planbord <nieuws@planbord.nl>',
    'Planbord 5.2: Gantt-weergave en 14 verbeteringen',
    promo(
      'planbord.nl',
      [
        h('Nieuw in Planbord 5.2'),
        list([
          'Gantt-weergave voor alle borden',
          'Export naar CSV tot 50.000 rijen',
          'Sneltoets G+T om naar tijdlijn te gaan',
          'API: rate limit naar 600 verzoeken per minuut',
        ]),
        btn('Lees alle release notes', 'https://planbord.nl/releases/5-2'),
      ],
      ['Planbord B.V. · Keizersgracht 174 · 1016 DW Amsterdam'],
    ),
    null,
    null,
  ),
];

export const WEST: Mail[] = [...DE, ...FR, ...ES, ...PT, ...IT, ...NL];
