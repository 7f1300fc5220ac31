"""The glossary's data: English words and their translations (`glossary`).

One constant per language, one line per English word: the word, a colon, its
translations separated by commas. The words are `benchmarks/glossary_words.py`'s;
this file is written by `python -m benchmarks.glossary_words --module DIR`.
"""

from typing import Final

ITALIAN: Final = """\
ability: capacità, abilità
able: capace, in grado
absolute: assoluto
abstraction: astrazione
accepted: accettato, accettata
access: accesso, accedere
accidentally: accidentalmente, per errore
according: secondo
account: account, conto
accurate: accurato, preciso
achieve: ottenere, raggiungere
across: attraverso, tra
act: agire, atto
action: azione
active: attivo
actual: effettivo, reale
adapter: adattatore, adapter
add: aggiungere, aggiunta
additional: aggiuntivo, ulteriore
address: indirizzo, affrontare
adjust: regolare, adattare
admin: amministratore, admin
administrators: amministratori
adoption: adozione
adr: adr
advanced: avanzato
advantages: vantaggi
affects: influisce, riguarda
agent: agente
aggregation: aggregazione
agnostic: agnostico, indipendente
agreed: concordato, deciso
agreement: accordo
ahead: avanti
aim: obiettivo, scopo
align: allineare
allow: permettere, consentire
along: lungo, insieme
alongside: accanto, insieme
alpha: alpha
already: già
alternative: alternativa
although: sebbene, benché
always: sempre
amazon: amazon
amended: modificato, emendato
among: tra, fra
amount: importo, quantità
analysis: analisi
annotation: annotazione
another: altro
answer: risposta, rispondere
anyone: chiunque
anything: qualsiasi
anyway: comunque
apache: apache
api: api
app: app, applicazione
appear: apparire, comparire
application: applicazione
apply: applicare
approach: approccio
appropriate: appropriato, adatto
approved: approvato
arbitrary: arbitrario
architecture: architettura
archive: archivio, archiviare
area: area
argument: argomento
around: intorno, circa
articles: articoli
asked: chiesto
aspects: aspetti
assessment: valutazione
assets: risorse, asset
assigned: assegnato
associated: associato
assume: presumere, supporre
assumptions: ipotesi, presupposti
async: asincrono, async
asynchronous: asincrono
attached: allegato
attack: attacco
attempt: tentativo, tentare
attribute: attributo
audit: audit, verifica
auth: autenticazione, auth
authentication: autenticazione
authorization: autorizzazione
auto: automatico, auto
automated: automatizzato
automatically: automaticamente
available: disponibile
avoid: evitare
aware: consapevole
away: via, lontano
aws: aws
back: indietro, retro
backend: backend
background: sfondo, background
backup: backup
backwards: indietro, retrocompatibile
bad: cattivo, sbagliato
balancer: bilanciatore
based: basato
basic: base, semplice
basis: base
become: diventare
begin: iniziare, cominciare
behavior: comportamento
behaviour: comportamento
behind: dietro
believe: credere
belongs: appartiene
benefits: benefici, vantaggi
besides: inoltre, oltre
best: migliore
beta: beta
better: meglio, migliore
beyond: oltre
big: grande
bit: bit, po
blob: blob
block: blocco, bloccare
blog: blog
body: corpo
bound: limite, vincolato
boundary: confine, limite
box: scatola, casella
branch: branch, ramo
breaking: incompatibile, rottura
bring: portare
broad: ampio
broader: più ampio
broken: rotto, guasto
browser: browser
bucket: bucket
bug: bug, difetto
build: build, compilare, costruire
built: costruito, compilato
bullet: punto
bundle: bundle, pacchetto
burden: onere, carico
business: business, azienda
cache: cache
call: chiamata, chiamare
came: venuto
capabilities: capacità, funzionalità
capacity: capacità
capture: catturare, acquisire
care: cura
carry: portare
case: caso
catch: catturare
cause: causa, causare
central: centrale
certain: certo
certificate: certificato
chain: catena
challenges: sfide
chance: possibilità
changes: modifiche, cambiamenti, cambiare, modificare
channel: canale
check: controllo, verifica, controllare, verificare
choice: scelta
choose: scegliere
chose: scelto
chosen: scelto
claim: affermazione, rivendicare
class: classe
clean: pulito, pulire
clear: chiaro
cli: cli, riga di comando
client: client
clone: clonare, clone
closed: chiuso
cloud: cloud
cluster: cluster
code: codice
codebase: codebase, base di codice
collaboration: collaborazione
collection: raccolta, collezione
column: colonna
combination: combinazione
comes: viene
command: comando
comment: commento
commit: commit
committer: committer
common: comune
communication: comunicazione
community: comunità
compared: confrontato
comparison: confronto
compatible: compatibile
compile: compilare
complete: completo, completare
complexity: complessità
compliant: conforme
complicated: complicato
components: componenti
compose: comporre
composition: composizione
comprehensive: completo, esaustivo
compromise: compromesso
compute: calcolare, calcolo
concepts: concetti
concerns: preoccupazioni, aspetti
conditions: condizioni
confidence: fiducia
configuration: configurazione
confirm: confermare
conflict: conflitto
conformance: conformità
confusion: confusione
connection: connessione
cons: svantaggi, contro
consequences: conseguenze
considerations: considerazioni
considered: considerato
consistent: coerente
consolidate: consolidare
constant: costante
constrained: vincolato, limitato
constraints: vincoli
consumer: consumatore
container: container, contenitore
content: contenuto
context: contesto
continue: continuare
contrast: contrasto
contributing: contribuire
control: controllo
convenient: comodo, conveniente
conventions: convenzioni
conversion: conversione
convert: convertire
copied: copiato
copyright: copyright, diritto d'autore
core: nucleo, core
corpus: corpus
correct: corretto, correggere
corresponding: corrispondente
cost: costo
count: conteggio, contare
coupling: accoppiamento
cover: coprire, copertura
coverage: copertura
cpu: cpu, processore
create: creare
creation: creazione
credentials: credenziali
critical: critico
cross: incrociato, attraversare
current: attuale, corrente
curve: curva
custom: personalizzato
cycle: ciclo
data: dati
database: database, banca dati
date: data
day: giorno
deal: gestire, affare
debugging: debug
deciders: decisori
decision: decisione
declarative: dichiarativo
decrease: diminuire, riduzione
dedicated: dedicato
default: predefinito, default
defined: definito
definition: definizione
delay: ritardo
delegate: delegare
delete: eliminare, cancellare
deliberately: deliberatamente
deliver: consegnare, distribuire
demand: domanda, richiesta
demonstrated: dimostrato
dependency: dipendenza
deployment: deployment, rilascio, distribuzione
deprecated: deprecato
derived: derivato
described: descritto
description: descrizione
design: progettazione, design, progetto
desired: desiderato
destination: destinazione
details: dettagli
detection: rilevamento
determine: determinare
dev: sviluppo, dev
developers: sviluppatori
device: dispositivo
diagram: diagramma
different: diverso
difficult: difficile
digital: digitale
directly: direttamente
directory: directory, cartella
disabled: disabilitato
discover: scoprire
discovery: scoperta, individuazione
discussion: discussione
disk: disco
display: visualizzare, mostrare
disruption: interruzione
distinct: distinto
distinguish: distinguere
distribution: distribuzione
divergence: divergenza
dns: dns
docker: docker
docs: documentazione
document: documento
domain: dominio
done: fatto
double: doppio
download: scaricare, download
downside: svantaggio
draft: bozza
drawbacks: svantaggi, inconvenienti
drift: deriva
drive: guidare, unità
driven: guidato
drivers: driver, motivazioni
drop: eliminare, abbandonare
due: dovuto
duplicate: duplicato, duplicare
dynamic: dinamico
earlier: precedente, prima
early: presto, iniziale
ease: facilità
easier: più facile
easily: facilmente
easy: facile
ecosystem: ecosistema
edge: bordo, edge
edit: modificare
editor: editor
effectively: efficacemente
efficient: efficiente
effort: sforzo
either: uno dei due
elements: elementi
else: altrimenti
elsewhere: altrove
embed: incorporare
embedding: incorporamento
enable: abilitare
encoding: codifica
encounter: incontrare
encourages: incoraggia
encryption: crittografia, cifratura
end: fine
endpoint: endpoint
enforce: imporre, applicare
engine: motore
enhanced: migliorato
enough: abbastanza, sufficiente
ensure: garantire, assicurare
enter: inserire, entrare
entire: intero
entity: entità
entries: voci
environment: ambiente
equivalent: equivalente
error: errore
especially: soprattutto
essentially: essenzialmente
established: stabilito
etc: ecc
evaluate: valutare
even: anche, perfino
event: evento
eventually: alla fine
ever: mai
every: ogni
everything: tutto
evidence: prova, evidenza
evolve: evolvere
exactly: esattamente
example: esempio
exception: eccezione
excluded: escluso
exclusive: esclusivo
execution: esecuzione
existing: esistente
expand: espandere
expected: previsto, atteso
expensive: costoso
experience: esperienza
experimental: sperimentale
explicit: esplicito
explore: esplorare
export: esportare, esportazione
expose: esporre
express: esprimere
extend: estendere
extension: estensione
external: esterno
extra: extra, aggiuntivo
extract: estrarre
facilitate: facilitare
facing: affrontare
fact: fatto
fail: fallire
failure: errore, fallimento, guasto
fairly: abbastanza
fallback: ripiego, fallback
falls: cade, rientra
false: falso
familiar: familiare
far: lontano
fast: veloce, rapido
faster: più veloce
features: funzionalità, caratteristiche
feedback: feedback, riscontro
feel: sentire
fetch: recuperare
fewer: meno
field: campo
figure: figura, capire
file: file
fill: riempire, compilare
filter: filtro, filtrare
final: finale
find: trovare
fine: bene
first: primo
fit: adattarsi
fixed: fisso, corretto
flag: flag, opzione
flexibility: flessibilità
flow: flusso
focus: concentrarsi, focus
folder: cartella
following: seguente
force: forzare
format: formato
forms: moduli
forward: avanti
found: trovato
four: quattro
framework: framework
free: gratuito, libero
frequently: frequentemente, spesso
friction: attrito
friendly: amichevole
front: fronte, frontale
frontend: frontend
full: completo, pieno
fully: completamente
functionality: funzionalità
future: futuro
gain: guadagno, vantaggio
gap: lacuna, divario
general: generale
generation: generazione
generic: generico
get: ottenere
git: git
github: github
give: dare
given: dato
global: globale
goal: obiettivo
goes: va
going: andare
good: buono
google: google
got: ottenuto
gov: gov, governo
governance: governance
grained: granulare
grants: sovvenzioni, finanziamenti, contributi
granularity: granularità
graph: grafo, grafico
great: ottimo
greater: maggiore
group: gruppo
growing: crescente
guarantees: garanzie
guidance: indicazioni, guida
guide: guida
guidelines: linee guida
hand: mano
handle: gestire
happen: succedere, accadere
hard: difficile
harder: più difficile
header: intestazione
heading: titolo, intestazione
health: salute, stato
heavily: pesantemente, fortemente
heavy: pesante
help: aiuto, aiutare
hence: quindi
high: alto
higher: più alto, superiore
highlighter: evidenziatore
historical: storico
history: cronologia, storia
holds: contiene
hook: hook, aggancio
host: ospitare, host
hours: ore
however: tuttavia
html: html
http: http
https: https
huge: enorme
human: umano
idea: idea
ideally: idealmente
identify: identificare
identity: identità
ids: identificativi, id
ignore: ignorare
image: immagine
immediately: immediatamente, subito
immutable: immutabile
impact: impatto
implementation: implementazione
implicitly: implicitamente
important: importante
impossible: impossibile
improve: migliorare
incident: incidente
include: includere
incoming: in arrivo, entrante
inconsistent: incoerente
incorrectly: erroneamente
increase: aumentare, aumento
incremental: incrementale
independent: indipendente
index: indice
indicate: indicare
individual: individuale, singolo
info: info, informazioni
information: informazioni
infrastructure: infrastruttura
initial: iniziale
injected: iniettato
input: input, ingresso
inside: dentro, interno
inspect: ispezionare
install: installare
instance: istanza
instead: invece
integration: integrazione
intended: previsto, destinato
intent: intento
interaction: interazione
interest: interesse
interface: interfaccia
internal: interno
internet: internet
introduce: introdurre
intuitive: intuitivo
invalid: non valido
investigated: esaminato, indagato
invoke: invocare
involves: comporta, coinvolge
iso: iso
isolation: isolamento
issuecomment: issuecomment
issues: problemi, segnalazioni
item: elemento
iteration: iterazione
javascript: javascript
job: job, lavoro
join: unire, unirsi
json: json
just: solo, appena
keep: mantenere, conservare
kept: mantenuto, conservato
key: chiave
kind: tipo
know: sapere, conoscere
knowledge: conoscenza
known: noto
label: etichetta
lack: mancanza
language: linguaggio, lingua
large: grande
larger: più grande
last: ultimo
latency: latenza
later: dopo, più tardi
latest: ultimo, più recente
layer: livello, strato
lead: portare, condurre
leaked: trapelato
lean: snello, leggero
learning: apprendimento
least: minimo
leave: lasciare
left: lasciato, sinistra
legacy: legacy, preesistente
length: lunghezza
less: meno
lets: permette
level: livello
leverage: sfruttare
library: libreria
license: licenza
life: vita
lifecycle: ciclo di vita
light: leggero, luce
lightweight: leggero
like: come, piacere
limited: limitato
line: riga, linea
links: link, collegamenti
list: elenco, lista
little: poco
live: produzione, vivere
load: caricare, carico
local: locale
location: posizione, luogo
lock: blocco, lock
log: log, registro
logic: logica
login: login, accesso
long: lungo
longer: più lungo
look: guardare, aspetto
lose: perdere
loss: perdita
lost: perso
lot: molto
low: basso
lower: inferiore
machine: macchina
made: fatto
madr: madr
main: principale
maintain: mantenere, manutenere
maintenance: manutenzione
major: maggiore, principale
make: fare
management: gestione
manifest: manifest
manner: modo
manual: manuale
many: molti
mapping: mappatura
mark: segnare, marcatura
markdown: markdown
master: master, principale
match: corrispondere, corrispondenza
matter: importare, questione
maturity: maturità
max: massimo
may: potere
means: significa, mezzi
meant: inteso
measured: misurato
mechanism: meccanismo
medium: medio, mezzo
meet: soddisfare, incontrare
members: membri
memory: memoria
mentioned: menzionato
merge: unire, merge
message: messaggio
metadata: metadati
method: metodo
metrics: metriche
michael: michael
might: potrebbe
migration: migrazione
mind: mente
minimal: minimo
minimum: minimo
minor: minore
minutes: minuti
missing: mancante
mitigate: mitigare
mix: mescolare, mix
mock: mock, simulare
mode: modalità
model: modello
modern: moderno
modification: modifica
modified: modificato
module: modulo
monitoring: monitoraggio
month: mese
mostly: soprattutto
move: spostare, trasferire
much: molto
multi: multi
multiple: multipli, più
must: dovere
name: nome
native: nativo
nature: natura
navigate: navigare
necessary: necessario
need: bisogno, necessitare
negative: negativo
neither: nessuno dei due
net: rete, netto
network: rete
never: mai
new: nuovo
newer: più recente
newest: più recente
next: prossimo, successivo
nice: bello
node: nodo
none: nessuno
normal: normale
notably: in particolare
note: nota
nothing: niente
notice: avviso, notare
notification: notifica
now: ora, adesso
null: null, nullo
number: numero
nygard: nygard
object: oggetto
observability: osservabilità
obtain: ottenere
occur: verificarsi, accadere
offer: offrire, offerta
official: ufficiale
often: spesso
old: vecchio
older: più vecchio
onboarding: inserimento, onboarding
one: uno
ongoing: in corso
online: online
onto: su
open: aperto, aprire
operations: operazioni
opinionated: rigido, opinionated
opt: optare, scegliere
optimized: ottimizzato
option: opzione
order: ordine
org: org, organizzazione
organisation: organizzazione
organization: organizzazione
original: originale
others: altri
otherwise: altrimenti
outcome: esito, risultato
outlined: delineato
output: output, uscita
outside: fuori, esterno
overall: complessivo
overhead: overhead, sovraccarico
overlap: sovrapposizione
override: sovrascrivere, override
overview: panoramica
owned: posseduto
owner: proprietario
ownership: proprietà, responsabilità
packages: pacchetti
page: pagina
pair: coppia
parameters: parametri
parent: genitore
parse: analizzare, parse
part: parte
partial: parziale
particular: particolare
party: parte
pass: passare
password: password
past: passato
patch: patch
path: percorso
pattern: pattern, schema, modello
pay: pagare
pending: in sospeso, in attesa
people: persone
performance: prestazioni
period: periodo
permissions: permessi
persistent: persistente
person: persona
phase: fase
pick: scegliere
piece: pezzo
pipeline: pipeline
place: posto, luogo
plain: semplice
plan: piano, pianificare
platform: piattaforma
play: giocare, ruolo
plugin: plugin
plus: più
png: png
point: punto
policy: politica, criterio, policy
popular: popolare
port: porta
pose: porre
positive: positivo
possible: possibile
post: post, pubblicare
postgres: postgres
postgresql: postgresql
potentially: potenzialmente
power: potenza
practice: pratica
pre: pre
precision: precisione
predictable: prevedibile
preferred: preferito
prefix: prefisso
present: presente
preserve: preservare, conservare
prevent: impedire, prevenire
previous: precedente
pricing: prezzi
primarily: principalmente
primary: primario, principale
principle: principio
prior: precedente
privacy: privacy, riservatezza
private: privato
privileged: privilegiato
probably: probabilmente
problem: problema
procedural: procedurale
proceed: procedere
process: processo
produce: produrre
production: produzione
profile: profilo
progress: progresso, avanzamento
project: progetto
promise: promessa
promoting: promuovere
prone: incline, soggetto
proof: prova
propagate: propagare
properly: correttamente
properties: proprietà
proposed: proposto
pros: vantaggi, pro
protection: protezione
protocol: protocollo
provenance: provenienza
proves: dimostra
provide: fornire
provisioning: provisioning, approvvigionamento
proxy: proxy
prs: pr
public: pubblico
published: pubblicato
pull: pull, tirare
pure: puro
purpose: scopo
push: push, spingere
put: mettere
python: python
quality: qualità
query: query, interrogazione
question: domanda
queue: coda
quickly: rapidamente
quirks: stranezze
quite: abbastanza
raised: sollevato
range: intervallo
rate: tasso, frequenza
rather: piuttosto
raw: grezzo
reach: raggiungere
react: react, reagire
read: leggere
readable: leggibile
readme: readme
ready: pronto
real: reale
really: davvero
reason: motivo, ragione
rebuild: ricostruire
received: ricevuto
recent: recente
recommended: consigliato, raccomandato
record: record, registrare
redirect: reindirizzare, redirect
reduce: ridurre
reduction: riduzione
refactor: refactoring, rifattorizzare
reference: riferimento
referenced: referenziato
reflect: riflettere
refresh: aggiornare
regarding: riguardo
regardless: indipendentemente
registered: registrato
registration: registrazione
registry: registro
regular: regolare
rejected: rifiutato, respinto
related: correlato
relationship: relazione
release: release, rilascio
relevant: rilevante
reliable: affidabile
rely: contare, dipendere
remain: rimanere
remember: ricordare
remote: remoto
remove: rimuovere
rename: rinominare
rendering: rendering
repeated: ripetuto
replace: sostituire
replication: replica
report: report, rapporto
repository: repository
represent: rappresentare
representation: rappresentazione
request: richiesta
required: richiesto, obbligatorio
research: ricerca
resolved: risolto
resources: risorse
respective: rispettivo
response: risposta
rest: rest, resto
restore: ripristinare
restrict: limitare
result: risultato
retrieve: recuperare
return: restituire, ritorno
reuse: riutilizzo, riutilizzare
review: revisione, review
rework: rielaborare
rewrite: riscrivere
rfc: rfc
right: giusto, destra
risk: rischio
robust: robusto
role: ruolo
roll: distribuire
root: radice
rotation: rotazione
round: giro
routing: instradamento, routing
row: riga
rule: regola
run: eseguire
runtime: runtime
safe: sicuro
said: detto
save: salvare
says: dice
scalability: scalabilità
scale: scala, scalare
scan: scansione, scansionare
scenario: scenario
scheduling: pianificazione
schema: schema
scheme: schema
scope: ambito
scripts: script
search: ricerca, cercare
second: secondo
secrets: segreti
section: sezione
security: sicurezza
see: vedere
seems: sembra
seen: visto
select: selezionare
self: auto
semantics: semantica
send: inviare
sense: senso
sensitive: sensibile
sent: inviato
separate: separato, separare
sequence: sequenza
serialized: serializzato
serve: servire
server: server
service: servizio
session: sessione
set: insieme, impostare
setup: configurazione
several: diversi
shape: forma
shared: condiviso
shift: spostamento
short: breve, corto
show: mostrare
shown: mostrato
side: lato
signed: firmato
significant: significativo
similar: simile
simple: semplice
simpler: più semplice
simplify: semplificare
simply: semplicemente
since: da, poiché
single: singolo
site: sito
situation: situazione
size: dimensione
skip: saltare
slack: slack
slightly: leggermente
slow: lento
small: piccolo
smaller: più piccolo
snapshot: snapshot, istantanea
software: software
solely: unicamente
solution: soluzione
solve: risolvere
something: qualcosa
sometimes: a volte
somewhat: alquanto
sort: ordinare
source: sorgente, fonte
space: spazio
spec: specifica
special: speciale
specific: specifico
specified: specificato
speed: velocità
split: dividere
src: src
stable: stabile
stack: stack
staging: staging
standalone: autonomo
standard: standard
start: iniziare, avvio
state: stato
statement: dichiarazione
static: statico
status: stato
stay: restare
step: passo, passaggio
still: ancora
stop: fermare
storage: archiviazione, memorizzazione
store: memorizzare, archivio, salvare
story: storia
straight: dritto
straightforward: semplice, diretto
strategy: strategia
stream: flusso, stream
strict: rigoroso
string: stringa
strong: forte
structure: struttura
style: stile
sub: sotto
subject: soggetto, oggetto
submit: inviare
subsequent: successivo
subset: sottoinsieme
success: successo
successor: successore
sufficient: sufficiente
suggest: suggerire
suitable: adatto
suite: suite
summary: riepilogo, sintesi
superseded: sostituito, superato
supplied: fornito
support: supporto, supportare
sure: sicuro
surface: superficie
sustainability: sostenibilità
switch: passare, cambiare
sync: sincronizzare
synchronization: sincronizzazione
syntax: sintassi
system: sistema
table: tabella
tags: tag, etichette
take: prendere
taken: preso
target: obiettivo, destinazione
task: attività, compito
team: team, squadra
technical: tecnico
technology: tecnologia
template: modello, template
term: termine
termination: terminazione
test: test, testare
text: testo
therefore: quindi
things: cose
think: pensare
thinkrelevance: thinkrelevance
third: terzo
though: però
thought: pensiero
three: tre
throughout: durante
thus: così
tied: legato
tightly: strettamente
time: tempo
title: titolo
tls: tls
together: insieme
token: token
tool: strumento
top: superiore, cima
topic: argomento
total: totale
touch: toccare
towards: verso
traces: tracce
track: tracciare
trade: compromesso
traffic: traffico
trail: traccia
transfer: trasferire, trasferimento
transition: transizione
translations: traduzioni
traversal: attraversamento
treat: trattare
tree: albero
trigger: attivare, trigger
true: vero
trust: fiducia
truth: verità
try: provare
turn: girare
tutorials: tutorial
two: due
type: tipo
typically: tipicamente
ultimately: in definitiva
unable: incapace
unavailable: non disponibile
unchanged: invariato
underlying: sottostante
understand: capire
unexpected: inaspettato
unique: unico
unit: unità
universal: universale
unless: a meno che
unlike: diversamente
unnecessary: superfluo
update: aggiornare, aggiornamento
upgrade: aggiornamento, aggiornare
upload: caricare
upon: su
url: url, indirizzo
usability: usabilità
usage: uso, utilizzo
use: usare, utilizzare, uso
user: utente
usually: di solito
utilize: utilizzare
validator: validatore
value: valore
variable: variabile
variant: variante
various: vari
vary: variare
vendor: fornitore
verify: verificare
version: versione
via: tramite
viable: praticabile
view: vista
virtual: virtuale
visible: visibile
visual: visivo
volume: volume
vulnerabilities: vulnerabilità
wait: attendere
wants: vuole
warning: avviso
way: modo
web: web
webhooks: webhook
website: sito web, sito
well: bene
whatever: qualunque
whenever: ogni volta
whereas: mentre
whether: se
whole: intero
whose: cui
wide: ampio
wider: più ampio
wiki: wiki
window: finestra
wish: desiderio
within: entro, dentro
without: senza
words: parole
work: lavoro, lavorare
worker: worker
workflow: flusso di lavoro, workflow
workspace: spazio di lavoro
world: mondo
worth: valere
wrap: avvolgere
wrapper: wrapper
write: scrivere
written: scritto
wrong: sbagliato
www: www
yaml: yaml
year: anno
yes: sì
yet: ancora
yml: yml
yyyy: aaaa
zero: zero
"""

GERMAN: Final = """\
ability: fähigkeit, möglichkeit
able: fähig, in der lage, können
absolute: absolut
abstraction: abstraktion, abstraktionsschicht
accepted: akzeptiert, angenommen
access: zugriff, zugang, zugreifen
accidentally: versehentlich, aus versehen
according: gemäß, laut, entsprechend
account: konto, account, benutzerkonto
accurate: genau, präzise, korrekt
achieve: erreichen, erzielen
across: über, quer, hinweg
act: handeln, agieren, fungieren
action: aktion, maßnahme, action
active: aktiv
actual: tatsächlich, eigentlich
adapter: adapter
add: hinzufügen, ergänzen
additional: zusätzlich, weitere
address: adresse, adressieren, behandeln
adjust: anpassen, justieren
admin: admin, administrator
administrators: administratoren, admins
adoption: einführung, übernahme, adoption
adr: adr
advanced: fortgeschritten, erweitert
advantages: vorteile
affects: betrifft, beeinflusst, wirkt sich aus
agent: agent
aggregation: aggregation, aggregierung
agnostic: agnostisch, unabhängig
agreed: vereinbart, abgestimmt, einverstanden
agreement: vereinbarung, einigung, zustimmung
ahead: voraus, vorab
aim: ziel, zielen, anstreben
align: ausrichten, abstimmen, angleichen
allow: erlauben, ermöglichen, zulassen
along: entlang, mit
alongside: neben, parallel zu
alpha: alpha
already: bereits, schon
alternative: alternative, alternativ
although: obwohl, obgleich
always: immer, stets
amazon: amazon
amended: geändert, ergänzt
among: unter, zwischen
amount: menge, anzahl, betrag
analysis: analyse
annotation: annotation, anmerkung
another: ein anderer, noch ein, weitere
answer: antwort, antworten
anyone: jemand, jeder
anything: etwas, irgendetwas, alles
anyway: sowieso, trotzdem, jedenfalls
apache: apache
api: api, schnittstelle
app: app, anwendung
appear: erscheinen, auftreten, scheinen
application: anwendung, applikation
apply: anwenden, gelten, übernehmen
approach: ansatz, vorgehen, herangehensweise
appropriate: angemessen, geeignet, passend
approved: genehmigt, freigegeben, akzeptiert
arbitrary: beliebig, willkürlich
architecture: architektur
archive: archiv, archivieren
area: bereich, gebiet
argument: argument, parameter
around: um, herum, etwa
articles: artikel, beiträge
asked: gefragt, angefragt
aspects: aspekte
assessment: bewertung, einschätzung, beurteilung
assets: assets, ressourcen, dateien
assigned: zugewiesen, zugeordnet
associated: zugehörig, verknüpft, verbunden
assume: annehmen, voraussetzen
assumptions: annahmen, voraussetzungen
async: async, asynchron
asynchronous: asynchron
attached: angehängt, verbunden
attack: angriff, angreifen
attempt: versuch, versuchen
attribute: attribut, eigenschaft
audit: audit, prüfung, protokollierung
auth: auth, authentifizierung
authentication: authentifizierung, anmeldung
authorization: autorisierung, berechtigung
auto: auto, automatisch
automated: automatisiert
automatically: automatisch
available: verfügbar, vorhanden
avoid: vermeiden
aware: bewusst, kennen
away: weg, entfernt
aws: aws
back: zurück, rück
backend: backend
background: hintergrund
backup: backup, sicherung, datensicherung
backwards: rückwärts, abwärts
bad: schlecht
balancer: balancer, load balancer, lastverteiler
based: basiert, basierend
basic: grundlegend, einfach, basis
basis: grundlage, basis
become: werden
begin: beginnen, anfangen
behavior: verhalten
behaviour: verhalten
behind: hinter, dahinter
believe: glauben, meinen
belongs: gehört
benefits: vorteile, nutzen
besides: außerdem, neben
best: beste, am besten
beta: beta
better: besser
beyond: über hinaus, jenseits
big: groß
bit: bisschen, bit
blob: blob
block: block, blockieren, sperren
blog: blog
body: body, rumpf, inhalt
bound: gebunden, grenze
boundary: grenze
box: box, kasten
branch: branch, zweig
breaking: breaking, inkompatibel, brechend
bring: bringen
broad: breit, umfassend
broader: breiter, umfassender
broken: kaputt, defekt, fehlerhaft
browser: browser
bucket: bucket
bug: bug, fehler
build: build, bauen, erstellen
built: gebaut, erstellt
bullet: aufzählungspunkt, stichpunkt
bundle: bundle, paket, bündeln
burden: last, belastung, aufwand
business: geschäft, business, fachlich
cache: cache, zwischenspeicher
call: aufruf, aufrufen
came: kam
capabilities: fähigkeiten, funktionen
capacity: kapazität
capture: erfassen, festhalten
care: sorgfalt, kümmern
carry: tragen, übertragen, mitführen
case: fall, anwendungsfall
catch: fangen, abfangen
cause: ursache, verursachen
central: zentral
certain: bestimmt, sicher
certificate: zertifikat
chain: kette
challenges: herausforderungen
chance: chance, möglichkeit
changes: änderungen, ändert
channel: kanal
check: prüfung, prüfen, überprüfen
choice: wahl, auswahl, entscheidung
choose: wählen, auswählen
chose: wählte, entschied
chosen: gewählt, ausgewählt
claim: claim, behauptung, anspruch
class: klasse
clean: sauber, bereinigen
clear: klar, eindeutig, löschen
cli: cli, kommandozeile
client: client
clone: klon, klonen
closed: geschlossen
cloud: cloud
cluster: cluster
code: code, quellcode
codebase: codebasis, codebase
collaboration: zusammenarbeit, kollaboration
collection: sammlung, collection
column: spalte
combination: kombination
comes: kommt
command: befehl, kommando
comment: kommentar, kommentieren
commit: commit, committen
committer: committer
common: gemeinsam, üblich, häufig
communication: kommunikation
community: community, gemeinschaft
compared: verglichen
comparison: vergleich
compatible: kompatibel
compile: kompilieren
complete: vollständig, abschließen
complexity: komplexität
compliant: konform, kompatibel
complicated: kompliziert
components: komponenten
compose: compose, zusammensetzen
composition: komposition, zusammensetzung
comprehensive: umfassend
compromise: kompromiss, kompromittieren
compute: rechenleistung, berechnen, compute
concepts: konzepte
concerns: bedenken, belange, anliegen
conditions: bedingungen
confidence: vertrauen, sicherheit
configuration: konfiguration
confirm: bestätigen
conflict: konflikt
conformance: konformität
confusion: verwirrung
connection: verbindung
cons: nachteile, contra
consequences: konsequenzen, folgen, auswirkungen
considerations: überlegungen, erwägungen
considered: betrachtet, erwogen, berücksichtigt
consistent: konsistent, einheitlich
consolidate: konsolidieren, zusammenführen
constant: konstante, konstant
constrained: eingeschränkt, begrenzt
constraints: einschränkungen, randbedingungen
consumer: consumer, verbraucher, konsument
container: container
content: inhalt, content
context: kontext
continue: fortsetzen, weitermachen
contrast: gegensatz, kontrast
contributing: beitragen, mitwirken
control: kontrolle, steuerung, steuern
convenient: bequem, praktisch
conventions: konventionen
conversion: konvertierung, umwandlung
convert: konvertieren, umwandeln
copied: kopiert
copyright: urheberrecht, copyright
core: kern, core
corpus: korpus
correct: korrekt, richtig, korrigieren
corresponding: entsprechend
cost: kosten
count: anzahl, zählen
coupling: kopplung
cover: abdecken
coverage: abdeckung, testabdeckung
cpu: cpu, prozessor
create: erstellen, anlegen, erzeugen
creation: erstellung, erzeugung
credentials: zugangsdaten, anmeldedaten
critical: kritisch
cross: übergreifend, kreuz
current: aktuell, derzeitig
curve: kurve
custom: benutzerdefiniert, eigen, individuell
cycle: zyklus
data: daten
database: datenbank
date: datum
day: tag
deal: umgehen, deal
debugging: debugging, fehlersuche
deciders: entscheider
decision: entscheidung
declarative: deklarativ
decrease: verringern, abnahme
dedicated: dediziert, eigen
default: standard, default, voreinstellung
defined: definiert, festgelegt
definition: definition
delay: verzögerung, verzögern
delegate: delegieren
delete: löschen
deliberately: absichtlich, bewusst
deliver: liefern, ausliefern
demand: nachfrage, bedarf, anforderung
demonstrated: gezeigt, demonstriert
dependency: abhängigkeit
deployment: deployment, bereitstellung
deprecated: veraltet, deprecated
derived: abgeleitet
described: beschrieben
description: beschreibung
design: design, entwurf, entwerfen
desired: gewünscht
destination: ziel
details: details, einzelheiten
detection: erkennung
determine: bestimmen, ermitteln
dev: dev, entwicklung
developers: entwickler
device: gerät
diagram: diagramm
different: unterschiedlich, verschieden, anders
difficult: schwierig, schwer
digital: digital
directly: direkt
directory: verzeichnis, ordner
disabled: deaktiviert
discover: entdecken, finden
discovery: discovery, erkennung, ermittlung
discussion: diskussion
disk: festplatte, disk, datenträger
display: anzeige, anzeigen, darstellen
disruption: störung, unterbrechung
distinct: unterschiedlich, eindeutig, getrennt
distinguish: unterscheiden
distribution: verteilung, distribution
divergence: abweichung, divergenz
dns: dns
docker: docker
docs: doku, dokumentation, docs
document: dokument, dokumentieren
domain: domäne, domain
done: erledigt, fertig
double: doppelt, double
download: download, herunterladen
downside: nachteil
draft: entwurf
drawbacks: nachteile
drift: drift, abweichung
drive: antreiben, treiben, laufwerk
driven: getrieben, gesteuert
drivers: treiber
drop: löschen, entfernen, verwerfen
due: aufgrund, wegen, fällig
duplicate: duplikat, doppelt, duplizieren
dynamic: dynamisch
earlier: früher
early: früh
ease: leichtigkeit, erleichtern
easier: einfacher, leichter
easily: einfach, leicht
easy: einfach, leicht
ecosystem: ökosystem
edge: edge, rand, kante
edit: bearbeiten, editieren
editor: editor
effectively: effektiv, wirksam
efficient: effizient
effort: aufwand
either: entweder, einer von beiden
elements: elemente
else: sonst, andernfalls
elsewhere: anderswo, woanders
embed: einbetten
embedding: einbettung, embedding
enable: aktivieren, ermöglichen
encoding: kodierung, encoding
encounter: stoßen auf, begegnen
encourages: fördert, ermutigt
encryption: verschlüsselung
end: ende, beenden
endpoint: endpunkt, endpoint
enforce: durchsetzen, erzwingen
engine: engine
enhanced: erweitert, verbessert
enough: genug, ausreichend
ensure: sicherstellen, gewährleisten
enter: eingeben, betreten
entire: gesamt, ganz
entity: entität, entity
entries: einträge
environment: umgebung
equivalent: äquivalent, gleichwertig
error: fehler
especially: besonders, insbesondere
essentially: im wesentlichen, eigentlich
established: etabliert
etc: usw, etc
evaluate: bewerten, evaluieren
even: sogar, selbst
event: ereignis, event
eventually: schließlich, letztendlich
ever: jemals, je
every: jeder, jede, jedes
everything: alles
evidence: nachweis, beleg, beweis
evolve: weiterentwickeln, entwickeln
exactly: genau, exakt
example: beispiel
exception: exception, ausnahme
excluded: ausgeschlossen
exclusive: exklusiv
execution: ausführung
existing: bestehend, vorhanden
expand: erweitern, ausbauen
expected: erwartet
expensive: teuer, aufwendig
experience: erfahrung
experimental: experimentell
explicit: explizit, ausdrücklich
explore: erkunden, untersuchen
export: export, exportieren
expose: bereitstellen, freigeben, exponieren
express: ausdrücken
extend: erweitern
extension: erweiterung, extension
external: extern
extra: zusätzlich, extra
extract: extrahieren
facilitate: erleichtern, ermöglichen
facing: konfrontiert, zugewandt
fact: tatsache, fakt
fail: fehlschlagen, scheitern
failure: fehler, ausfall, fehlschlag
fairly: ziemlich, relativ
fallback: fallback, rückfalloption
falls: fällt
false: falsch, false
familiar: vertraut, bekannt
far: weit
fast: schnell
faster: schneller
features: features, funktionen
feedback: feedback, rückmeldung
feel: fühlen, anfühlen
fetch: abrufen, holen, fetch
fewer: weniger
field: feld
figure: abbildung, herausfinden
file: datei
fill: füllen, ausfüllen
filter: filter, filtern
final: endgültig, final
find: finden
fine: gut, in ordnung, fein
first: erste, zuerst
fit: passen, eignung
fixed: behoben, fest
flag: flag, kennzeichen
flexibility: flexibilität
flow: ablauf, fluss, flow
focus: fokus, konzentrieren
folder: ordner
following: folgend
force: erzwingen, zwingen
format: format
forms: formulare, formen
forward: weiter, vorwärts, weiterleiten
found: gefunden
four: vier
framework: framework
free: kostenlos, frei
frequently: häufig, oft
friction: reibung
friendly: freundlich
front: vorne, vorderseite
frontend: frontend
full: voll, vollständig
fully: vollständig, komplett
functionality: funktionalität
future: zukunft, zukünftig
gain: gewinn, gewinnen
gap: lücke
general: allgemein
generation: generierung, erzeugung, generation
generic: generisch
get: bekommen, erhalten, holen
git: git
github: github
give: geben
given: gegeben
global: global
goal: ziel
goes: geht
going: gehen, werden
good: gut
google: google
got: bekam, erhalten
gov: gov, regierung, behörde
governance: governance, steuerung
grained: granular, körnig
grants: gewährt, berechtigungen
granularity: granularität
graph: graph
great: großartig, toll
greater: größer
group: gruppe
growing: wachsend
guarantees: garantien, garantiert
guidance: anleitung, orientierung
guide: leitfaden, anleitung
guidelines: richtlinien
hand: hand, seite
handle: behandeln, verarbeiten, handle
happen: passieren, geschehen
hard: schwer, schwierig, hart
harder: schwieriger, schwerer
header: header, kopfzeile
heading: überschrift
health: health, zustand, gesundheit
heavily: stark, intensiv
heavy: schwer, schwergewichtig
help: hilfe, helfen
hence: daher, deshalb
high: hoch
higher: höher
highlighter: highlighter, syntaxhervorhebung
historical: historisch
history: historie, verlauf, geschichte
holds: hält, enthält
hook: hook
host: host, hosten
hours: stunden
however: jedoch, allerdings
html: html
http: http
https: https
huge: riesig, enorm
human: mensch, menschlich
idea: idee
ideally: idealerweise
identify: identifizieren, erkennen
identity: identität
ids: ids, kennungen
ignore: ignorieren
image: image, bild, abbild
immediately: sofort, unmittelbar
immutable: unveränderlich, immutable
impact: auswirkung, einfluss
implementation: implementierung, umsetzung
implicitly: implizit
important: wichtig
impossible: unmöglich
improve: verbessern
incident: vorfall, incident, störung
include: einbinden, enthalten, einschließen
incoming: eingehend
inconsistent: inkonsistent, uneinheitlich
incorrectly: falsch, fehlerhaft
increase: erhöhen, steigern, anstieg
incremental: inkrementell
independent: unabhängig
index: index
indicate: anzeigen, hinweisen
individual: einzeln, individuell
info: info
information: information, informationen
infrastructure: infrastruktur
initial: initial, anfänglich
injected: injiziert, eingefügt
input: eingabe, input
inside: innerhalb, drinnen
inspect: untersuchen, inspizieren
install: installieren
instance: instanz
instead: stattdessen
integration: integration
intended: beabsichtigt, vorgesehen
intent: absicht, intention
interaction: interaktion
interest: interesse
interface: schnittstelle, interface
internal: intern
internet: internet
introduce: einführen
intuitive: intuitiv
invalid: ungültig
investigated: untersucht
invoke: aufrufen
involves: beinhaltet, umfasst
iso: iso
isolation: isolation, isolierung
issuecomment: issuecomment
issues: issues, probleme
item: element, eintrag
iteration: iteration
javascript: javascript
job: job, auftrag
join: join, verbinden, beitreten
json: json
just: nur, einfach, gerade
keep: behalten, beibehalten
kept: behalten, beibehalten
key: schlüssel, key
kind: art
know: wissen, kennen
knowledge: wissen, kenntnisse
known: bekannt
label: label, beschriftung
lack: fehlen, mangel
language: sprache
large: groß
larger: größer
last: letzte, zuletzt
latency: latenz
later: später
latest: neueste, aktuellste
layer: schicht, ebene, layer
lead: führen, leiten
leaked: geleakt, durchgesickert
lean: schlank
learning: lernen
least: am wenigsten, mindestens
leave: verlassen, lassen
left: links, übrig
legacy: legacy, altsystem
length: länge
less: weniger
lets: ermöglicht, lässt
level: ebene, stufe, level
leverage: nutzen, einsetzen
library: bibliothek, library
license: lizenz
life: leben, lebensdauer
lifecycle: lebenszyklus
light: leicht
lightweight: leichtgewichtig
like: wie, mögen
limited: begrenzt, eingeschränkt
line: zeile
links: links, verknüpfungen
list: liste
little: wenig, klein
live: live, leben
load: last, laden
local: lokal
location: ort, speicherort, standort
lock: sperre, lock, sperren
log: log, protokoll, protokollieren
logic: logik
login: login, anmeldung
long: lang
longer: länger
look: aussehen, schauen
lose: verlieren
loss: verlust
lost: verloren
lot: viel, menge
low: niedrig
lower: niedriger
machine: maschine
made: gemacht, erstellt
madr: madr
main: haupt, main
maintain: pflegen, warten
maintenance: wartung, pflege
major: major, wesentlich, größer
make: machen, erstellen
management: verwaltung, management
manifest: manifest
manner: weise, art
manual: manuell, handbuch
many: viele
mapping: mapping, zuordnung
mark: markieren
markdown: markdown
master: master, haupt
match: übereinstimmen, passen, treffer
matter: angelegenheit, wichtig sein
maturity: reife, reifegrad
max: max, maximal
may: kann, darf
means: bedeutet, mittel
meant: gemeint, gedacht
measured: gemessen
mechanism: mechanismus
medium: mittel, medium
meet: erfüllen, treffen
members: mitglieder
memory: speicher, arbeitsspeicher
mentioned: erwähnt
merge: merge, zusammenführen, mergen
message: nachricht, message
metadata: metadaten
method: methode
metrics: metriken
michael: michael
might: könnte
migration: migration
mind: sinn, bedenken
minimal: minimal
minimum: minimum, mindestens
minor: minor, gering, klein
minutes: minuten
missing: fehlend
mitigate: abmildern, mindern, entschärfen
mix: mischung, mischen
mock: mock, attrappe
mode: modus
model: modell
modern: modern
modification: änderung, modifikation
modified: geändert, modifiziert
module: modul
monitoring: monitoring, überwachung
month: monat
mostly: meistens, hauptsächlich
move: verschieben, bewegen
much: viel
multi: multi, mehrfach
multiple: mehrere
must: muss, müssen
name: name
native: nativ
nature: natur, beschaffenheit
navigate: navigieren
necessary: notwendig, nötig
need: bedarf, brauchen, benötigen
negative: negativ
neither: weder
net: netto, netz
network: netzwerk
never: nie, niemals
new: neu
newer: neuer
newest: neueste
next: nächste
nice: schön, nett
node: knoten, node
none: keine, keiner
normal: normal
notably: insbesondere, vor allem
note: hinweis, notiz, beachten
nothing: nichts
notice: bemerken, hinweis
notification: benachrichtigung
now: jetzt, nun
null: null
number: nummer, zahl, anzahl
nygard: nygard
object: objekt
observability: observability, beobachtbarkeit
obtain: erhalten, beziehen
occur: auftreten, vorkommen
offer: anbieten, angebot
official: offiziell
often: oft, häufig
old: alt
older: älter
onboarding: onboarding, einarbeitung
one: eins, ein, eine
ongoing: laufend, fortlaufend
online: online
onto: auf
open: offen, öffnen
operations: betrieb, operationen
opinionated: meinungsstark, vorgegeben
opt: entscheiden, opt-in
optimized: optimiert
option: option
order: reihenfolge, bestellung
org: org, organisation
organisation: organisation
organization: organisation
original: original, ursprünglich
others: andere
otherwise: andernfalls, sonst
outcome: ergebnis
outlined: skizziert, dargelegt
output: ausgabe, output
outside: außerhalb
overall: insgesamt, gesamt
overhead: overhead, mehraufwand
overlap: überschneidung, überlappung
override: überschreiben
overview: überblick, übersicht
owned: gehört, im besitz
owner: besitzer, eigentümer, owner
ownership: verantwortung, eigentum, zuständigkeit
packages: pakete
page: seite
pair: paar
parameters: parameter
parent: eltern, übergeordnet
parse: parsen
part: teil
partial: teilweise, partiell
particular: bestimmt, besonders
party: partei, anbieter
pass: übergeben, bestehen
password: passwort, kennwort
past: vergangenheit, früher
patch: patch
path: pfad
pattern: muster, pattern
pay: zahlen, bezahlen
pending: ausstehend
people: leute, personen
performance: performance, leistung
period: zeitraum
permissions: berechtigungen, rechte
persistent: persistent, dauerhaft
person: person
phase: phase
pick: wählen, auswählen
piece: stück, teil
pipeline: pipeline
place: ort, platz, stelle
plain: einfach, schlicht
plan: plan, planen
platform: plattform
play: spielen
plugin: plugin
plus: plus
png: png
point: punkt
policy: richtlinie, policy
popular: beliebt, populär
port: port, portieren
pose: darstellen, aufwerfen
positive: positiv
possible: möglich
post: beitrag, post
postgres: postgres
postgresql: postgresql
potentially: potenziell, möglicherweise
power: leistung, macht
practice: praxis
pre: vor, pre
precision: präzision, genauigkeit
predictable: vorhersehbar
preferred: bevorzugt
prefix: präfix
present: vorhanden, präsentieren
preserve: erhalten, bewahren
prevent: verhindern
previous: vorherig, bisherig
pricing: preisgestaltung, preise
primarily: hauptsächlich, primär
primary: primär, haupt
principle: prinzip, grundsatz
prior: vorher, vorherig
privacy: datenschutz, privatsphäre
private: privat
privileged: privilegiert
probably: wahrscheinlich
problem: problem
procedural: prozedural
proceed: fortfahren, vorgehen
process: prozess, verarbeiten
produce: erzeugen, produzieren
production: produktion
profile: profil
progress: fortschritt
project: projekt
promise: promise, versprechen
promoting: fördern, bewerben
prone: anfällig
proof: nachweis, beweis
propagate: propagieren, weitergeben
properly: richtig, ordnungsgemäß
properties: eigenschaften, properties
proposed: vorgeschlagen
pros: vorteile, pro
protection: schutz
protocol: protokoll
provenance: herkunft, provenienz
proves: beweist, erweist sich
provide: bereitstellen, liefern
provisioning: bereitstellung, provisionierung
proxy: proxy
prs: prs, pull requests
public: öffentlich
published: veröffentlicht
pull: pull, ziehen
pure: rein, pur
purpose: zweck
push: push, pushen
put: setzen, legen
python: python
quality: qualität
query: abfrage, query
question: frage
queue: warteschlange, queue
quickly: schnell
quirks: eigenheiten, macken
quite: ziemlich, recht
raised: aufgeworfen, ausgelöst
range: bereich
rate: rate
rather: eher, lieber
raw: roh
reach: erreichen
react: react, reagieren
read: lesen
readable: lesbar
readme: readme
ready: bereit, fertig
real: echt, real
really: wirklich
reason: grund
rebuild: neu bauen, rebuild
received: erhalten, empfangen
recent: neu, aktuell
recommended: empfohlen
record: datensatz, aufzeichnen, eintrag
redirect: weiterleitung, weiterleiten
reduce: reduzieren, verringern
reduction: reduzierung, verringerung
refactor: refactoring, refaktorisieren
reference: referenz, verweis
referenced: referenziert
reflect: widerspiegeln
refresh: aktualisieren, refresh
regarding: bezüglich
regardless: unabhängig, unabhängig davon
registered: registriert
registration: registrierung
registry: registry
regular: regulär, regelmäßig
rejected: abgelehnt
related: verwandt, zugehörig
relationship: beziehung
release: release, veröffentlichung
relevant: relevant
reliable: zuverlässig
rely: sich verlassen
remain: bleiben, verbleiben
remember: merken, erinnern
remote: remote, entfernt
remove: entfernen
rename: umbenennen
rendering: rendering, darstellung
repeated: wiederholt
replace: ersetzen
replication: replikation
report: bericht, melden
repository: repository, repo
represent: darstellen, repräsentieren
representation: darstellung, repräsentation
request: anfrage, request
required: erforderlich
research: recherche, forschung
resolved: gelöst, behoben
resources: ressourcen
respective: jeweilig
response: antwort, response
rest: rest
restore: wiederherstellen
restrict: einschränken
result: ergebnis
retrieve: abrufen
return: zurückgeben, rückgabe
reuse: wiederverwendung, wiederverwenden
review: review, überprüfung
rework: überarbeitung, überarbeiten
rewrite: neuschreiben, umschreiben
rfc: rfc
right: richtig, recht
risk: risiko
robust: robust
role: rolle
roll: rollen, ausrollen
root: root, wurzel
rotation: rotation
round: runde
routing: routing
row: zeile
rule: regel
run: ausführen, laufen
runtime: laufzeit, runtime
safe: sicher
said: gesagt
save: speichern
says: sagt
scalability: skalierbarkeit
scale: skalieren
scan: scan, scannen
scenario: szenario
scheduling: planung, scheduling
schema: schema
scheme: schema
scope: umfang, geltungsbereich, scope
scripts: skripte
search: suche, suchen
second: zweite, sekunde
secrets: secrets, geheimnisse
section: abschnitt
security: sicherheit
see: sehen
seems: scheint
seen: gesehen
select: auswählen
self: selbst
semantics: semantik
send: senden
sense: sinn
sensitive: sensibel
sent: gesendet
separate: separat, getrennt, trennen
sequence: sequenz, reihenfolge, abfolge
serialized: serialisiert
serve: bereitstellen, ausliefern
server: server
service: service, dienst
session: session, sitzung
set: setzen, menge
setup: einrichtung, setup
several: mehrere
shape: form
shared: geteilt, gemeinsam
shift: verschiebung, wechsel
short: kurz
show: zeigen
shown: gezeigt
side: seite
signed: signiert
significant: erheblich, signifikant
similar: ähnlich
simple: einfach
simpler: einfacher
simplify: vereinfachen
simply: einfach
since: seit, da
single: einzeln
site: seite, website
situation: situation
size: größe
skip: überspringen
slack: slack
slightly: etwas, leicht
slow: langsam
small: klein
smaller: kleiner
snapshot: snapshot
software: software
solely: ausschließlich
solution: lösung
solve: lösen
something: etwas
sometimes: manchmal
somewhat: etwas, einigermaßen
sort: sortieren, art
source: quelle
space: platz, raum
spec: spec, spezifikation
special: speziell, besonders
specific: spezifisch, bestimmt
specified: angegeben, spezifiziert
speed: geschwindigkeit
split: aufteilen, trennen
src: src
stable: stabil
stack: stack
staging: staging
standalone: standalone, eigenständig
standard: standard
start: start, starten
state: zustand, state
statement: anweisung, aussage
static: statisch
status: status
stay: bleiben
step: schritt
still: noch, immer noch
stop: stoppen, anhalten
storage: speicher, storage
store: speichern, store
story: story
straight: direkt, gerade
straightforward: unkompliziert, einfach
strategy: strategie
stream: stream, datenstrom
strict: streng, strikt
string: string, zeichenkette
strong: stark
structure: struktur
style: stil
sub: sub, unter
subject: thema, betreff, subjekt
submit: einreichen, absenden
subsequent: nachfolgend
subset: teilmenge
success: erfolg
successor: nachfolger
sufficient: ausreichend
suggest: vorschlagen
suitable: geeignet
suite: suite
summary: zusammenfassung
superseded: abgelöst, ersetzt
supplied: bereitgestellt, geliefert
support: unterstützung, unterstützen
sure: sicher
surface: oberfläche
sustainability: nachhaltigkeit
switch: wechseln, umstellen, schalter
sync: sync, synchronisieren
synchronization: synchronisierung
syntax: syntax
system: system
table: tabelle
tags: tags
take: nehmen
taken: genommen
target: ziel, target
task: aufgabe, task
team: team
technical: technisch
technology: technologie
template: vorlage, template
term: begriff
termination: beendigung, terminierung
test: test, testen
text: text
therefore: daher, deshalb
things: dinge
think: denken
thinkrelevance: thinkrelevance
third: dritte
though: obwohl, jedoch
thought: gedanke, dachte
three: drei
throughout: durchgehend, überall in
thus: somit, daher
tied: gebunden
tightly: eng
time: zeit
title: titel
tls: tls
together: zusammen
token: token
tool: tool, werkzeug
top: oben, spitze
topic: thema
total: gesamt, insgesamt
touch: berühren, anfassen
towards: in richtung
traces: traces, spuren
track: verfolgen, nachverfolgen
trade: abwägen, tausch
traffic: traffic, datenverkehr
trail: spur, protokoll
transfer: übertragung, übertragen
transition: übergang, umstellung
translations: übersetzungen
traversal: traversierung, durchlauf
treat: behandeln
tree: baum
trigger: trigger, auslösen
true: wahr, true
trust: vertrauen
truth: wahrheit
try: versuchen, ausprobieren
turn: drehen, werden
tutorials: tutorials, anleitungen
two: zwei
type: typ
typically: typischerweise
ultimately: letztendlich
unable: nicht in der lage
unavailable: nicht verfügbar
unchanged: unverändert
underlying: zugrunde liegend
understand: verstehen
unexpected: unerwartet
unique: eindeutig
unit: einheit, unit
universal: universell
unless: es sei denn
unlike: anders als
unnecessary: unnötig
update: update, aktualisieren
upgrade: upgrade
upload: upload, hochladen
upon: bei, nach
url: url
usability: benutzerfreundlichkeit
usage: nutzung, verwendung
use: verwenden, nutzen, nutzung
user: benutzer, nutzer
usually: normalerweise, üblicherweise
utilize: nutzen, verwenden
validator: validator
value: wert
variable: variable
variant: variante
various: verschiedene
vary: variieren
vendor: anbieter, hersteller
verify: verifizieren, überprüfen
version: version
via: über, via
viable: tragfähig, praktikabel
view: ansicht, view
virtual: virtuell
visible: sichtbar
visual: visuell
volume: volumen, volume
vulnerabilities: schwachstellen, sicherheitslücken
wait: warten
wants: will, möchte
warning: warnung
way: weg, art
web: web
webhooks: webhooks
website: website, webseite
well: gut
whatever: was auch immer
whenever: wann immer
whereas: wohingegen, während
whether: ob
whole: ganz, gesamt
whose: dessen, deren
wide: breit, weit
wider: breiter
wiki: wiki
window: fenster
wish: wunsch, wünschen
within: innerhalb
without: ohne
words: wörter
work: arbeit, arbeiten
worker: worker
workflow: workflow, arbeitsablauf
workspace: workspace, arbeitsbereich
world: welt
worth: wert
wrap: wrappen, kapseln
wrapper: wrapper
write: schreiben
written: geschrieben
wrong: falsch
www: www
yaml: yaml
year: jahr
yes: ja
yet: noch, dennoch
yml: yml
yyyy: jjjj, yyyy
zero: null
"""

FRENCH: Final = """\
ability: capacité, aptitude, possibilité
able: capable, en mesure de, pouvoir
absolute: absolu, absolue
abstraction: abstraction
accepted: accepté, acceptée, validé
access: accès, accéder
accidentally: accidentellement, par erreur, par inadvertance
according: selon, d'après, conformément à
account: compte, tenir compte
accurate: précis, exact, fiable
achieve: atteindre, réaliser, obtenir
across: à travers, entre, dans l'ensemble de
act: agir, acte, loi
action: action
active: actif, active
actual: réel, effectif, véritable
adapter: adaptateur
add: ajouter
additional: supplémentaire, additionnel
address: adresse, traiter, résoudre
adjust: ajuster, adapter, régler
admin: admin, administrateur
administrators: administrateurs
adoption: adoption
adr: adr
advanced: avancé, avancée
advantages: avantages
affects: affecte, impacte
agent: agent
aggregation: agrégation
agnostic: agnostique, indépendant
agreed: convenu, accepté, validé
agreement: accord, contrat, consensus
ahead: en avance, à l'avance, devant
aim: objectif, but, viser
align: aligner
allow: permettre, autoriser
along: avec, le long de
alongside: à côté de, en parallèle de, avec
alpha: alpha
already: déjà
alternative: alternative, autre
although: bien que, même si, quoique
always: toujours
amazon: amazon
amended: modifié, amendé
among: parmi, entre
amount: quantité, montant, volume
analysis: analyse
annotation: annotation
another: autre, un autre
answer: réponse, répondre
anyone: quiconque, n'importe qui, personne
anything: n'importe quoi, quelque chose, rien
anyway: de toute façon, quand même
apache: apache
api: api
app: app, application
appear: apparaître, sembler
application: application
apply: appliquer, s'appliquer
approach: approche, démarche
appropriate: approprié, adapté, pertinent
approved: approuvé, validé
arbitrary: arbitraire
architecture: architecture
archive: archive, archiver
area: zone, domaine, périmètre
argument: argument, paramètre
around: autour, environ
articles: articles
asked: demandé
aspects: aspects
assessment: évaluation
assets: ressources, assets, actifs
assigned: assigné, attribué
associated: associé
assume: supposer, présumer
assumptions: hypothèses, suppositions
async: async, asynchrone
asynchronous: asynchrone
attached: attaché, joint
attack: attaque, attaquer
attempt: tentative, essayer, tenter
attribute: attribut
audit: audit, auditer
auth: auth, authentification
authentication: authentification
authorization: autorisation
auto: auto, automatique
automated: automatisé
automatically: automatiquement
available: disponible
avoid: éviter
aware: conscient, au courant
away: loin, absent
aws: aws
back: retour, arrière, dos
backend: backend
background: arrière-plan, contexte
backup: sauvegarde, backup
backwards: rétrocompatible, en arrière
bad: mauvais
balancer: répartiteur, load balancer
based: basé, fondé
basic: basique, de base, simple
basis: base, fondement
become: devenir
begin: commencer, débuter
behavior: comportement
behaviour: comportement
behind: derrière
believe: croire, penser
belongs: appartient
benefits: avantages, bénéfices
besides: en plus, par ailleurs, outre
best: meilleur, mieux
beta: bêta, beta
better: meilleur, mieux
beyond: au-delà
big: grand, gros
bit: bit, peu
blob: blob
block: bloc, bloquer
blog: blog
body: corps
bound: lié, limite, borne
boundary: frontière, limite
box: boîte, case
branch: branche
breaking: cassant, rupture, incompatible
bring: apporter, amener
broad: large, vaste, général
broader: plus large, plus vaste
broken: cassé, défectueux
browser: navigateur
bucket: bucket, compartiment
bug: bug, bogue
build: build, construire, compiler
built: construit, intégré, compilé
bullet: puce
bundle: bundle, paquet, regrouper
burden: charge, fardeau
business: métier, entreprise, business
cache: cache, mettre en cache
call: appel, appeler
came: venu, est venu
capabilities: capacités, fonctionnalités
capacity: capacité
capture: capturer, saisir, capture
care: soin, attention, se soucier
carry: porter, transporter
case: cas
catch: attraper, intercepter
cause: cause, causer, provoquer
central: central, centrale
certain: certain
certificate: certificat
chain: chaîne
challenges: défis, difficultés
chance: chance, possibilité
changes: changements, modifications
channel: canal
check: vérifier, vérification, contrôle
choice: choix
choose: choisir
chose: choisi
chosen: choisi
claim: revendication, affirmer, claim
class: classe
clean: propre, nettoyer
clear: clair, effacer
cli: cli, ligne de commande
client: client
clone: cloner, clone
closed: fermé, clos
cloud: cloud, nuage
cluster: cluster
code: code
codebase: base de code, codebase
collaboration: collaboration
collection: collection, collecte
column: colonne
combination: combinaison
comes: vient
command: commande
comment: commentaire, commenter
commit: commit, valider, committer
committer: committer, contributeur
common: commun, courant
communication: communication
community: communauté
compared: comparé, par rapport à
comparison: comparaison
compatible: compatible
compile: compiler
complete: complet, terminer, compléter
complexity: complexité
compliant: conforme
complicated: compliqué
components: composants
compose: composer, compose
composition: composition
comprehensive: complet, exhaustif
compromise: compromis, compromettre
compute: calcul, calculer, compute
concepts: concepts
concerns: préoccupations, responsabilités, inquiétudes
conditions: conditions
confidence: confiance
configuration: configuration
confirm: confirmer
conflict: conflit
conformance: conformité
confusion: confusion
connection: connexion
cons: inconvénients, contre
consequences: conséquences
considerations: considérations
considered: envisagé, considéré
consistent: cohérent, constant
consolidate: consolider, regrouper
constant: constante, constant
constrained: contraint, limité
constraints: contraintes
consumer: consommateur
container: conteneur
content: contenu
context: contexte
continue: continuer
contrast: contraste
contributing: contribuer, contribution
control: contrôle, contrôler
convenient: pratique, commode
conventions: conventions
conversion: conversion
convert: convertir
copied: copié
copyright: droit d'auteur, copyright
core: cœur, noyau, principal
corpus: corpus
correct: correct, corriger
corresponding: correspondant
cost: coût, coûter
count: nombre, compter
coupling: couplage
cover: couvrir
coverage: couverture
cpu: cpu, processeur
create: créer
creation: création
credentials: identifiants, credentials
critical: critique
cross: transversal, croiser, traverser
current: actuel, courant
curve: courbe
custom: personnalisé, sur mesure
cycle: cycle
data: données
database: base de données
date: date
day: jour
deal: gérer, traiter
debugging: débogage, debug
deciders: décideurs
decision: décision
declarative: déclaratif
decrease: diminuer, baisse, réduire
dedicated: dédié
default: par défaut, défaut
defined: défini
definition: définition
delay: délai, retard, retarder
delegate: déléguer, délégué
delete: supprimer, suppression
deliberately: délibérément, volontairement
deliver: livrer, fournir
demand: demande, exiger
demonstrated: démontré
dependency: dépendance
deployment: déploiement
deprecated: obsolète, déprécié
derived: dérivé
described: décrit
description: description
design: conception, design, concevoir
desired: souhaité, voulu
destination: destination
details: détails
detection: détection
determine: déterminer
dev: dev, développement
developers: développeurs
device: appareil, périphérique
diagram: diagramme, schéma
different: différent
difficult: difficile
digital: numérique
directly: directement
directory: répertoire, dossier, annuaire
disabled: désactivé
discover: découvrir
discovery: découverte
discussion: discussion
disk: disque
display: affichage, afficher
disruption: perturbation, interruption
distinct: distinct
distinguish: distinguer
distribution: distribution
divergence: divergence
dns: dns
docker: docker
docs: docs, documentation
document: document, documenter
domain: domaine
done: fait, terminé
double: double
download: télécharger, téléchargement
downside: inconvénient
draft: brouillon, ébauche
drawbacks: inconvénients
drift: dérive
drive: disque, piloter, conduire
driven: piloté, dirigé
drivers: pilotes, moteurs, facteurs
drop: abandonner, supprimer, baisse
due: dû, en raison de
duplicate: doublon, dupliquer
dynamic: dynamique
earlier: précédent, plus tôt, antérieur
early: tôt, précoce
ease: facilité, faciliter
easier: plus facile, plus simple
easily: facilement
easy: facile, simple
ecosystem: écosystème
edge: bord, périphérie, edge
edit: modifier, éditer
editor: éditeur
effectively: efficacement, effectivement
efficient: efficace, performant
effort: effort
either: soit, l'un ou l'autre
elements: éléments
else: sinon, autre
elsewhere: ailleurs
embed: intégrer, embarquer
embedding: intégration, embedding
enable: activer, permettre
encoding: encodage
encounter: rencontrer
encourages: encourage
encryption: chiffrement
end: fin, finir
endpoint: endpoint, point de terminaison
enforce: imposer, appliquer, faire respecter
engine: moteur
enhanced: amélioré
enough: assez, suffisant
ensure: garantir, s'assurer
enter: entrer, saisir
entire: entier, complet
entity: entité
entries: entrées
environment: environnement
equivalent: équivalent
error: erreur
especially: surtout, notamment, particulièrement
essentially: essentiellement
established: établi
etc: etc
evaluate: évaluer
even: même
event: événement
eventually: finalement, à terme
ever: jamais, toujours
every: chaque, tous
everything: tout
evidence: preuve, preuves
evolve: évoluer
exactly: exactement
example: exemple
exception: exception
excluded: exclu
exclusive: exclusif
execution: exécution
existing: existant
expand: étendre, développer
expected: attendu, prévu
expensive: coûteux, cher
experience: expérience
experimental: expérimental
explicit: explicite
explore: explorer
export: exporter, export
expose: exposer
express: exprimer
extend: étendre
extension: extension
external: externe
extra: supplémentaire
extract: extraire
facilitate: faciliter
facing: face à, confronté
fact: fait
fail: échouer
failure: échec, panne, défaillance
fairly: assez, plutôt
fallback: repli, solution de secours, fallback
falls: tombe, relève
false: faux
familiar: familier, habitué
far: loin
fast: rapide, vite
faster: plus rapide
features: fonctionnalités
feedback: retour, retours, feedback
feel: sentir, ressentir, avoir l'impression
fetch: récupérer, fetch
fewer: moins
field: champ, domaine
figure: figure, comprendre
file: fichier
fill: remplir
filter: filtre, filtrer
final: final, définitif
find: trouver
fine: bien, fin
first: premier, d'abord
fit: convenir, adapté
fixed: corrigé, fixe
flag: drapeau, indicateur, flag
flexibility: flexibilité, souplesse
flow: flux
focus: se concentrer, focus, accent
folder: dossier
following: suivant
force: forcer, force
format: format, formater
forms: formulaires, formes
forward: avant, transférer
found: trouvé
four: quatre
framework: framework, cadre
free: gratuit, libre
frequently: fréquemment, souvent
friction: friction
friendly: convivial, facile
front: avant, front
frontend: frontend
full: complet, plein
fully: entièrement, complètement
functionality: fonctionnalité
future: futur, avenir
gain: gain, gagner
gap: écart, lacune, manque
general: général
generation: génération
generic: générique
get: obtenir, récupérer
git: git
github: github
give: donner
given: donné
global: global
goal: objectif, but
goes: va
going: aller, en cours
good: bon, bien
google: google
got: obtenu, eu
gov: gouv, gouvernement
governance: gouvernance
grained: granulaire, grain
grants: accorde, autorisations, subventions
granularity: granularité
graph: graphe, graphique
great: super, excellent, grand
greater: plus grand, supérieur
group: groupe, regrouper
growing: croissant, en croissance
guarantees: garanties, garantit
guidance: conseils, recommandations, orientation
guide: guide, guider
guidelines: directives, recommandations, lignes directrices
hand: main
handle: gérer, traiter
happen: arriver, se produire
hard: difficile, dur
harder: plus difficile
header: en-tête
heading: titre
health: santé, état
heavily: fortement, lourdement
heavy: lourd
help: aide, aider
hence: d'où, donc
high: haut, élevé
higher: plus élevé, supérieur
highlighter: surligneur, coloration syntaxique
historical: historique
history: historique, histoire
holds: contient, détient
hook: hook, crochet
host: hôte, héberger
hours: heures
however: cependant, toutefois
html: html
http: http
https: https
huge: énorme
human: humain
idea: idée
ideally: idéalement
identify: identifier
identity: identité
ids: ids, identifiants
ignore: ignorer
image: image
immediately: immédiatement
immutable: immuable
impact: impact, impacter
implementation: implémentation, mise en œuvre
implicitly: implicitement
important: important
impossible: impossible
improve: améliorer
incident: incident
include: inclure
incoming: entrant
inconsistent: incohérent
incorrectly: incorrectement, mal
increase: augmenter, augmentation
incremental: incrémental
independent: indépendant
index: index, indexer
indicate: indiquer
individual: individuel
info: info, infos
information: information, informations
infrastructure: infrastructure
initial: initial
injected: injecté
input: entrée, saisie
inside: à l'intérieur, dans
inspect: inspecter, examiner
install: installer
instance: instance
instead: au lieu de, plutôt
integration: intégration
intended: prévu, destiné
intent: intention
interaction: interaction
interest: intérêt
interface: interface
internal: interne
internet: internet
introduce: introduire
intuitive: intuitif
invalid: invalide
investigated: étudié, examiné
invoke: invoquer, appeler
involves: implique
iso: iso
isolation: isolation, isolement
issuecomment: issuecomment
issues: problèmes, tickets, issues
item: élément
iteration: itération
javascript: javascript
job: job, tâche
join: jointure, rejoindre
json: json
just: juste, simplement
keep: garder, conserver
kept: gardé, conservé
key: clé
kind: type, sorte
know: savoir, connaître
knowledge: connaissance, connaissances
known: connu
label: étiquette, label
lack: manque
language: langage, langue
large: grand, gros
larger: plus grand, plus gros
last: dernier
latency: latence
later: plus tard, ultérieur
latest: dernier, plus récent
layer: couche
lead: mener, conduire, responsable
leaked: divulgué, fuité
lean: léger, lean
learning: apprentissage
least: moins
leave: laisser, quitter
left: gauche, restant
legacy: existant, historique, legacy
length: longueur
less: moins
lets: permet
level: niveau
leverage: tirer parti, exploiter
library: bibliothèque, librairie
license: licence
life: vie
lifecycle: cycle de vie
light: léger, lumière
lightweight: léger
like: comme, aimer
limited: limité
line: ligne
links: liens
list: liste
little: peu, petit
live: en direct, en production, vivre
load: charge, charger
local: local
location: emplacement
lock: verrou, verrouiller
log: journal, log, journaliser
logic: logique
login: connexion, login
long: long
longer: plus long
look: regarder, chercher
lose: perdre
loss: perte
lost: perdu
lot: beaucoup
low: bas, faible
lower: inférieur, réduire
machine: machine
made: fait
madr: madr
main: principal
maintain: maintenir
maintenance: maintenance
major: majeur
make: faire, rendre
management: gestion
manifest: manifeste, manifest
manner: manière, façon
manual: manuel
many: beaucoup, nombreux
mapping: mappage, correspondance, mapping
mark: marquer
markdown: markdown
master: master, maître
match: correspondre, correspondance
matter: importer, question
maturity: maturité
max: max, maximum
may: pouvoir, peut
means: signifie, moyen
meant: destiné, censé
measured: mesuré
mechanism: mécanisme
medium: moyen, support
meet: répondre, satisfaire, rencontrer
members: membres
memory: mémoire
mentioned: mentionné
merge: fusionner, fusion, merge
message: message
metadata: métadonnées
method: méthode
metrics: métriques
michael: michael
might: pourrait
migration: migration
mind: esprit
minimal: minimal
minimum: minimum
minor: mineur
minutes: minutes
missing: manquant
mitigate: atténuer
mix: mélange, mélanger
mock: mock, simuler
mode: mode
model: modèle
modern: moderne
modification: modification
modified: modifié
module: module
monitoring: surveillance, supervision, monitoring
month: mois
mostly: surtout, principalement
move: déplacer, migrer
much: beaucoup
multi: multi
multiple: plusieurs, multiple
must: devoir, doit
name: nom, nommer
native: natif
nature: nature
navigate: naviguer
necessary: nécessaire
need: besoin, avoir besoin
negative: négatif
neither: ni
net: net
network: réseau
never: jamais
new: nouveau
newer: plus récent
newest: le plus récent
next: suivant, prochain
nice: bien, agréable
node: nœud
none: aucun
normal: normal
notably: notamment
note: note, noter
nothing: rien
notice: avis, remarquer
notification: notification
now: maintenant
null: null, nul
number: nombre, numéro
nygard: nygard
object: objet
observability: observabilité
obtain: obtenir
occur: se produire, survenir
offer: offrir, proposer
official: officiel
often: souvent
old: ancien, vieux
older: plus ancien
onboarding: intégration, onboarding
one: un, une
ongoing: en cours, continu
online: en ligne
onto: sur
open: ouvert, ouvrir
operations: opérations, exploitation
opinionated: opinionated, prescriptif, avec des partis pris
opt: opter, choisir
optimized: optimisé
option: option
order: ordre, commande
org: org, organisation
organisation: organisation
organization: organisation
original: original, initial
others: autres
otherwise: sinon, autrement
outcome: résultat, issue
outlined: décrit, exposé
output: sortie
outside: en dehors, extérieur
overall: global, dans l'ensemble
overhead: surcoût, surcharge
overlap: chevauchement, recouvrement
override: surcharger, remplacer
overview: aperçu, vue d'ensemble
owned: détenu, possédé
owner: propriétaire, responsable
ownership: propriété, responsabilité
packages: paquets, packages
page: page
pair: paire, binôme
parameters: paramètres
parent: parent
parse: analyser, parser
part: partie
partial: partiel
particular: particulier
party: partie, tiers
pass: passer, réussir
password: mot de passe
past: passé
patch: correctif, patch
path: chemin
pattern: patron, motif, pattern
pay: payer
pending: en attente
people: personnes, gens
performance: performance, performances
period: période
permissions: permissions, droits
persistent: persistant
person: personne
phase: phase
pick: choisir
piece: morceau, élément
pipeline: pipeline
place: endroit, lieu, placer
plain: simple, brut
plan: plan, planifier
platform: plateforme
play: jouer
plugin: plugin, extension
plus: plus
png: png
point: point
policy: politique, règle
popular: populaire
port: port, porter
pose: poser
positive: positif
possible: possible
post: publier, article, post
postgres: postgres
postgresql: postgresql
potentially: potentiellement
power: puissance, pouvoir
practice: pratique
pre: pré
precision: précision
predictable: prévisible
preferred: préféré
prefix: préfixe
present: présent, présenter
preserve: préserver, conserver
prevent: empêcher, éviter
previous: précédent
pricing: tarification, prix
primarily: principalement
primary: principal, primaire
principle: principe
prior: préalable, antérieur
privacy: confidentialité, vie privée
private: privé
privileged: privilégié
probably: probablement
problem: problème
procedural: procédural
proceed: procéder, continuer
process: processus, traiter
produce: produire
production: production
profile: profil
progress: progrès, avancement
project: projet
promise: promesse
promoting: promouvoir, favoriser
prone: sujet à
proof: preuve
propagate: propager
properly: correctement
properties: propriétés
proposed: proposé
pros: avantages
protection: protection
protocol: protocole
provenance: provenance
proves: prouve
provide: fournir
provisioning: provisionnement, provisioning
proxy: proxy
prs: prs
public: public
published: publié
pull: tirer, récupérer, pull
pure: pur
purpose: objectif, but
push: pousser, push
put: mettre
python: python
quality: qualité
query: requête
question: question
queue: file d'attente, file
quickly: rapidement
quirks: particularités, bizarreries
quite: assez, plutôt
raised: soulevé, levé
range: plage, gamme
rate: taux, débit
rather: plutôt
raw: brut
reach: atteindre
react: react, réagir
read: lire, lecture
readable: lisible
readme: readme
ready: prêt
real: réel
really: vraiment
reason: raison
rebuild: reconstruire
received: reçu
recent: récent
recommended: recommandé
record: enregistrement, enregistrer
redirect: rediriger, redirection
reduce: réduire
reduction: réduction
refactor: refactoriser, refactoring
reference: référence
referenced: référencé
reflect: refléter
refresh: rafraîchir, actualiser
regarding: concernant
regardless: indépendamment, quel que soit
registered: enregistré
registration: inscription, enregistrement
registry: registre
regular: régulier
rejected: rejeté
related: lié
relationship: relation
release: version, publier, release
relevant: pertinent
reliable: fiable
rely: s'appuyer, dépendre
remain: rester
remember: se souvenir, retenir
remote: distant
remove: supprimer, retirer
rename: renommer
rendering: rendu
repeated: répété
replace: remplacer
replication: réplication
report: rapport, signaler
repository: dépôt
represent: représenter
representation: représentation
request: requête, demande
required: requis, obligatoire
research: recherche
resolved: résolu
resources: ressources
respective: respectif
response: réponse
rest: rest, reste
restore: restaurer
restrict: restreindre
result: résultat
retrieve: récupérer
return: retourner, renvoyer
reuse: réutiliser, réutilisation
review: revue, relecture, relire
rework: remanier, retravailler
rewrite: réécrire, réécriture
rfc: rfc
right: droit, correct
risk: risque
robust: robuste
role: rôle
roll: déployer, revenir
root: racine, root
rotation: rotation
round: tour, arrondi
routing: routage
row: ligne
rule: règle
run: exécuter, lancer
runtime: exécution, runtime
safe: sûr, sécurisé
said: dit
save: enregistrer, sauvegarder
says: dit
scalability: scalabilité, évolutivité
scale: échelle, mettre à l'échelle, scaler
scan: scanner, analyse
scenario: scénario
scheduling: planification, ordonnancement
schema: schéma
scheme: schéma, système
scope: périmètre, portée
scripts: scripts
search: recherche, rechercher
second: deuxième, seconde
secrets: secrets
section: section
security: sécurité
see: voir
seems: semble
seen: vu
select: sélectionner
self: soi-même, auto
semantics: sémantique
send: envoyer
sense: sens
sensitive: sensible
sent: envoyé
separate: séparé, séparer
sequence: séquence
serialized: sérialisé
serve: servir
server: serveur
service: service
session: session
set: ensemble, définir
setup: configuration, installation
several: plusieurs
shape: forme
shared: partagé
shift: changement, déplacer
short: court
show: montrer, afficher
shown: affiché, montré
side: côté
signed: signé
significant: significatif, important
similar: similaire
simple: simple
simpler: plus simple
simplify: simplifier
simply: simplement
since: depuis, puisque
single: unique, seul
site: site
situation: situation
size: taille
skip: ignorer, sauter
slack: slack
slightly: légèrement
slow: lent
small: petit
smaller: plus petit
snapshot: instantané, snapshot
software: logiciel
solely: uniquement
solution: solution
solve: résoudre
something: quelque chose
sometimes: parfois
somewhat: quelque peu, plutôt
sort: trier, sorte
source: source
space: espace
spec: spec, spécification
special: spécial
specific: spécifique
specified: spécifié
speed: vitesse
split: diviser, découper
src: src
stable: stable
stack: pile, stack
staging: préproduction, staging
standalone: autonome
standard: standard, norme
start: démarrer, commencer
state: état
statement: instruction, déclaration
static: statique
status: statut, état
stay: rester
step: étape
still: encore, toujours
stop: arrêter
storage: stockage
store: stocker, magasin
story: histoire, récit
straight: direct, droit
straightforward: simple, direct
strategy: stratégie
stream: flux
strict: strict
string: chaîne
strong: fort
structure: structure
style: style
sub: sous
subject: sujet
submit: soumettre
subsequent: ultérieur, suivant
subset: sous-ensemble
success: succès
successor: successeur
sufficient: suffisant
suggest: suggérer
suitable: adapté, approprié
suite: suite
summary: résumé
superseded: remplacé
supplied: fourni
support: support, prise en charge, prendre en charge
sure: sûr
surface: surface
sustainability: durabilité, pérennité
switch: basculer, changer
sync: synchro, synchroniser
synchronization: synchronisation
syntax: syntaxe
system: système
table: table, tableau
tags: tags, étiquettes, balises
take: prendre
taken: pris
target: cible
task: tâche
team: équipe
technical: technique
technology: technologie
template: modèle, template
term: terme
termination: terminaison, arrêt
test: test, tester
text: texte
therefore: donc, par conséquent
things: choses
think: penser
thinkrelevance: thinkrelevance
third: troisième, tiers
though: pourtant, bien que
thought: pensée, pensé
three: trois
throughout: tout au long de
thus: ainsi, donc
tied: lié
tightly: étroitement, fortement
time: temps
title: titre
tls: tls
together: ensemble
token: jeton, token
tool: outil
top: haut, sommet
topic: sujet
total: total
touch: toucher
towards: vers
traces: traces
track: suivre, piste
trade: compromis, échange
traffic: trafic
trail: piste, trace
transfer: transfert, transférer
transition: transition
translations: traductions
traversal: parcours, traversée
treat: traiter
tree: arbre
trigger: déclencher, déclencheur
true: vrai
trust: confiance
truth: vérité
try: essayer
turn: tour, tourner
tutorials: tutoriels
two: deux
type: type
typically: généralement
ultimately: finalement
unable: incapable
unavailable: indisponible
unchanged: inchangé
underlying: sous-jacent
understand: comprendre
unexpected: inattendu
unique: unique
unit: unité, unitaire
universal: universel
unless: sauf si, à moins que
unlike: contrairement à
unnecessary: inutile
update: mise à jour, mettre à jour
upgrade: mise à niveau, mettre à niveau
upload: téléverser, envoyer, upload
upon: sur, lors de, dès
url: url
usability: utilisabilité, ergonomie
usage: utilisation, usage
use: utiliser, utilisation
user: utilisateur
usually: habituellement
utilize: utiliser
validator: validateur
value: valeur
variable: variable
variant: variante
various: divers
vary: varier
vendor: fournisseur
verify: vérifier
version: version
via: via
viable: viable
view: vue
virtual: virtuel
visible: visible
visual: visuel
volume: volume
vulnerabilities: vulnérabilités
wait: attendre
wants: veut
warning: avertissement
way: façon, manière
web: web
webhooks: webhooks
website: site web
well: bien
whatever: quel que soit
whenever: chaque fois que
whereas: alors que
whether: si
whole: entier
whose: dont
wide: large
wider: plus large
wiki: wiki
window: fenêtre
wish: souhaiter
within: au sein de, dans
without: sans
words: mots
work: travail, travailler, fonctionner
worker: worker, travailleur
workflow: flux de travail, workflow
workspace: espace de travail
world: monde
worth: valoir, la peine
wrap: envelopper, encapsuler
wrapper: wrapper, enveloppe
write: écrire
written: écrit
wrong: faux, incorrect
www: www
yaml: yaml
year: année, an
yes: oui
yet: encore, pourtant
yml: yml
yyyy: aaaa
zero: zéro
"""

SPANISH: Final = """\
ability: capacidad, habilidad
able: capaz, poder
absolute: absoluto, absoluta
abstraction: abstracción
accepted: aceptado, aceptada
access: acceso, acceder
accidentally: accidentalmente, por error, sin querer
according: según, de acuerdo con
account: cuenta
accurate: preciso, exacto
achieve: lograr, conseguir, alcanzar
across: a través de, entre
act: actuar, acto, ley
action: acción
active: activo, activa
actual: real, efectivo
adapter: adaptador
add: añadir, agregar
additional: adicional
address: dirección, abordar, resolver
adjust: ajustar
admin: admin, administrador
administrators: administradores
adoption: adopción
adr: adr
advanced: avanzado, avanzada
advantages: ventajas
affects: afecta
agent: agente
aggregation: agregación
agnostic: agnóstico, independiente
agreed: acordado, de acuerdo
agreement: acuerdo, contrato
ahead: adelante, por delante, antes
aim: objetivo, apuntar, pretender
align: alinear
allow: permitir
along: junto con, a lo largo de
alongside: junto a, junto con
alpha: alpha, alfa
already: ya
alternative: alternativa
although: aunque
always: siempre
amazon: amazon
amended: modificado, enmendado
among: entre
amount: cantidad
analysis: análisis
annotation: anotación
another: otro, otra
answer: respuesta, responder
anyone: cualquiera, alguien
anything: cualquier cosa, algo, nada
anyway: de todos modos, igualmente
apache: apache
api: api
app: app, aplicación
appear: aparecer
application: aplicación
apply: aplicar
approach: enfoque, planteamiento
appropriate: apropiado, adecuado
approved: aprobado, aprobada
arbitrary: arbitrario
architecture: arquitectura
archive: archivo, archivar
area: área
argument: argumento
around: alrededor, en torno a, aproximadamente
articles: artículos
asked: preguntado, pedido
aspects: aspectos
assessment: evaluación, valoración
assets: recursos, activos, assets
assigned: asignado, asignada
associated: asociado, asociada
assume: asumir, suponer
assumptions: suposiciones, supuestos
async: async, asíncrono
asynchronous: asíncrono, asíncrona
attached: adjunto, conectado
attack: ataque, atacar
attempt: intento, intentar
attribute: atributo
audit: auditoría, auditar
auth: auth, autenticación
authentication: autenticación
authorization: autorización
auto: auto, automático
automated: automatizado, automatizada
automatically: automáticamente
available: disponible
avoid: evitar
aware: consciente, al tanto
away: fuera, lejos
aws: aws
back: atrás, volver, respaldar
backend: backend
background: segundo plano, contexto, antecedentes
backup: copia de seguridad, backup, respaldo
backwards: hacia atrás, retrocompatible
bad: malo, mala
balancer: balanceador
based: basado, basada
basic: básico, básica
basis: base, fundamento
become: convertirse, volverse
begin: empezar, comenzar
behavior: comportamiento
behaviour: comportamiento
behind: detrás
believe: creer
belongs: pertenece
benefits: beneficios, ventajas
besides: además, aparte de
best: mejor, mejores
beta: beta
better: mejor
beyond: más allá de
big: grande
bit: bit, poco
blob: blob
block: bloque, bloquear
blog: blog
body: cuerpo
bound: límite, limitado, vinculado
boundary: límite, frontera
box: caja
branch: rama
breaking: incompatible, que rompe
bring: traer, aportar
broad: amplio, amplia
broader: más amplio
broken: roto, rota
browser: navegador
bucket: bucket
bug: bug, error, fallo
build: compilar, construir, build, compilación
built: construido, compilado
bullet: viñeta
bundle: paquete, bundle, empaquetar
burden: carga
business: negocio, empresa
cache: caché
call: llamada, llamar
came: vino, surgió
capabilities: capacidades, funcionalidades
capacity: capacidad
capture: capturar, captura
care: cuidado, importar
carry: llevar, transportar
case: caso
catch: capturar, atrapar
cause: causa, causar
central: central
certain: cierto, determinado
certificate: certificado
chain: cadena
challenges: desafíos, retos
chance: posibilidad, oportunidad
changes: cambios
channel: canal
check: comprobar, verificar, comprobación
choice: elección, opción
choose: elegir, escoger
chose: elegimos, eligió
chosen: elegido, elegida
claim: afirmación, reclamar, claim
class: clase
clean: limpio, limpiar
clear: claro, borrar, limpiar
cli: cli
client: cliente
clone: clonar, clon
closed: cerrado, cerrada
cloud: nube, cloud
cluster: clúster, cluster
code: código
codebase: código base, base de código
collaboration: colaboración
collection: colección
column: columna
combination: combinación
comes: viene
command: comando, orden
comment: comentario, comentar
commit: commit, confirmar
committer: committer
common: común
communication: comunicación
community: comunidad
compared: comparado, en comparación
comparison: comparación
compatible: compatible
compile: compilar
complete: completo, completar
complexity: complejidad
compliant: conforme, que cumple
complicated: complicado
components: componentes
compose: componer, compose
composition: composición
comprehensive: completo, exhaustivo
compromise: compromiso, comprometer
compute: computar, calcular, cómputo
concepts: conceptos
concerns: preocupaciones, responsabilidades
conditions: condiciones
confidence: confianza
configuration: configuración
confirm: confirmar
conflict: conflicto
conformance: conformidad, cumplimiento
confusion: confusión
connection: conexión
cons: contras, desventajas
consequences: consecuencias
considerations: consideraciones
considered: considerado, considerada
consistent: consistente, coherente
consolidate: consolidar
constant: constante
constrained: restringido, limitado
constraints: restricciones
consumer: consumidor
container: contenedor
content: contenido
context: contexto
continue: continuar, seguir
contrast: contraste
contributing: contribuir, contribución
control: control, controlar
convenient: conveniente, práctico, cómodo
conventions: convenciones
conversion: conversión
convert: convertir
copied: copiado
copyright: copyright, derechos de autor
core: núcleo, principal, core
corpus: corpus
correct: correcto, corregir
corresponding: correspondiente
cost: coste, costo
count: recuento, contar
coupling: acoplamiento
cover: cubrir
coverage: cobertura
cpu: cpu
create: crear
creation: creación
credentials: credenciales
critical: crítico, crítica
cross: cruzado, transversal, cruzar
current: actual
curve: curva
custom: personalizado, a medida
cycle: ciclo
data: datos
database: base de datos
date: fecha
day: día
deal: tratar, lidiar, manejar
debugging: depuración, depurar
deciders: responsables de la decisión, decisores
decision: decisión
declarative: declarativo
decrease: disminuir, reducir, disminución
dedicated: dedicado
default: predeterminado, por defecto
defined: definido, definida
definition: definición
delay: retraso, retrasar
delegate: delegar, delegado
delete: eliminar, borrar
deliberately: deliberadamente, a propósito
deliver: entregar
demand: demanda
demonstrated: demostrado
dependency: dependencia
deployment: despliegue, implementación
deprecated: obsoleto, deprecado
derived: derivado
described: descrito
description: descripción
design: diseño, diseñar
desired: deseado
destination: destino
details: detalles
detection: detección
determine: determinar
dev: dev, desarrollo
developers: desarrolladores
device: dispositivo
diagram: diagrama
different: diferente, distinto
difficult: difícil
digital: digital
directly: directamente
directory: directorio
disabled: deshabilitado, desactivado
discover: descubrir
discovery: descubrimiento, discovery
discussion: discusión
disk: disco
display: mostrar, pantalla, visualización
disruption: interrupción
distinct: distinto
distinguish: distinguir
distribution: distribución
divergence: divergencia
dns: dns
docker: docker
docs: documentación, docs
document: documento, documentar
domain: dominio
done: hecho
double: doble
download: descargar, descarga
downside: desventaja, inconveniente
draft: borrador
drawbacks: inconvenientes, desventajas
drift: desviación, deriva
drive: impulsar, unidad
driven: dirigido, impulsado, basado en
drivers: impulsores, drivers, controladores
drop: eliminar, descartar, soltar
due: debido
duplicate: duplicado, duplicar
dynamic: dinámico
earlier: anterior, antes
early: temprano
ease: facilidad, facilitar
easier: más fácil
easily: fácilmente
easy: fácil
ecosystem: ecosistema
edge: borde, extremo, edge
edit: editar, edición
editor: editor
effectively: eficazmente, efectivamente
efficient: eficiente
effort: esfuerzo
either: cualquiera, tampoco, o
elements: elementos
else: más, si no
elsewhere: en otro lugar, en otra parte
embed: incrustar, embeber
embedding: incrustación, embedding
enable: habilitar, permitir
encoding: codificación
encounter: encontrar, encontrarse con
encourages: fomenta, anima
encryption: cifrado, encriptación
end: fin, final, terminar
endpoint: endpoint, punto de acceso
enforce: aplicar, imponer, hacer cumplir
engine: motor
enhanced: mejorado
enough: suficiente, bastante
ensure: asegurar, garantizar
enter: entrar, introducir
entire: entero, completo
entity: entidad
entries: entradas
environment: entorno
equivalent: equivalente
error: error
especially: especialmente
essentially: esencialmente, básicamente
established: establecido
etc: etc
evaluate: evaluar
even: incluso, aún
event: evento
eventually: finalmente, con el tiempo
ever: nunca, alguna vez, jamás
every: cada, todos
everything: todo
evidence: evidencia, pruebas
evolve: evolucionar
exactly: exactamente
example: ejemplo
exception: excepción
excluded: excluido
exclusive: exclusivo
execution: ejecución
existing: existente
expand: ampliar, expandir
expected: esperado
expensive: caro, costoso
experience: experiencia
experimental: experimental
explicit: explícito
explore: explorar
export: exportar, exportación
expose: exponer
express: expresar
extend: extender, ampliar
extension: extensión
external: externo, externa
extra: extra, adicional
extract: extraer
facilitate: facilitar
facing: enfrentar, de cara a
fact: hecho
fail: fallar
failure: fallo, falla, error
fairly: bastante, razonablemente
fallback: alternativa, respaldo, fallback
falls: cae
false: falso
familiar: familiar, conocido
far: lejos
fast: rápido
faster: más rápido
features: funcionalidades, características, funciones
feedback: feedback, comentarios, retroalimentación
feel: sentir, parecer
fetch: obtener, recuperar, traer
fewer: menos
field: campo
figure: figura, averiguar
file: archivo, fichero
fill: rellenar, llenar
filter: filtro, filtrar
final: final, definitivo
find: encontrar, buscar
fine: bien, fino
first: primero, primera
fit: encajar, ajustarse
fixed: fijo, corregido, arreglado
flag: flag, indicador, bandera
flexibility: flexibilidad
flow: flujo
focus: enfoque, centrarse
folder: carpeta
following: siguiente
force: forzar, fuerza
format: formato
forms: formularios, formas
forward: adelante, reenviar
found: encontrado
four: cuatro
framework: framework, marco
free: gratis, libre, gratuito
frequently: frecuentemente, a menudo
friction: fricción
friendly: amigable
front: frente, delante
frontend: frontend
full: completo, lleno
fully: completamente, totalmente
functionality: funcionalidad
future: futuro
gain: ganar, ganancia, beneficio
gap: brecha, carencia, hueco
general: general
generation: generación
generic: genérico
get: obtener, conseguir
git: git
github: github
give: dar
given: dado
global: global
goal: objetivo, meta
goes: va
going: ir, yendo
good: bueno, buena
google: google
got: obtuvo, tenemos
gov: gov, gobierno
governance: gobernanza
grained: granular, grano
grants: concede, permisos
granularity: granularidad
graph: grafo, gráfico
great: genial, gran
greater: mayor
group: grupo, agrupar
growing: creciente, crecer
guarantees: garantías, garantiza
guidance: orientación, guía
guide: guía
guidelines: directrices, pautas
hand: mano
handle: manejar, gestionar
happen: suceder, ocurrir, pasar
hard: difícil, duro
harder: más difícil
header: cabecera, encabezado
heading: encabezado, título
health: salud, estado
heavily: fuertemente, mucho
heavy: pesado
help: ayuda, ayudar
hence: por lo tanto, de ahí
high: alto, alta
higher: más alto, superior, mayor
highlighter: resaltador
historical: histórico
history: historial, historia
holds: contiene, mantiene
hook: hook, gancho
host: host, alojar
hours: horas
however: sin embargo
html: html
http: http
https: https
huge: enorme
human: humano
idea: idea
ideally: idealmente
identify: identificar
identity: identidad
ids: ids, identificadores
ignore: ignorar
image: imagen
immediately: inmediatamente
immutable: inmutable
impact: impacto, afectar
implementation: implementación
implicitly: implícitamente
important: importante
impossible: imposible
improve: mejorar
incident: incidente
include: incluir
incoming: entrante
inconsistent: inconsistente, incoherente
incorrectly: incorrectamente
increase: aumentar, aumento, incrementar
incremental: incremental
independent: independiente
index: índice, indexar
indicate: indicar
individual: individual
info: info, información
information: información
infrastructure: infraestructura
initial: inicial
injected: inyectado
input: entrada
inside: dentro
inspect: inspeccionar
install: instalar
instance: instancia
instead: en lugar de, en vez de
integration: integración
intended: previsto, pensado, destinado
intent: intención
interaction: interacción
interest: interés
interface: interfaz
internal: interno
internet: internet
introduce: introducir, presentar
intuitive: intuitivo
invalid: inválido, no válido
investigated: investigado, analizado
invoke: invocar
involves: implica, involucra
iso: iso
isolation: aislamiento
issuecomment: issuecomment
issues: problemas, incidencias, issues
item: elemento, ítem
iteration: iteración
javascript: javascript
job: trabajo, tarea, job
join: unir, unirse, join
json: json
just: solo, justo
keep: mantener, conservar
kept: mantenido, conservado
key: clave, llave
kind: tipo, clase
know: saber, conocer
knowledge: conocimiento
known: conocido
label: etiqueta
lack: falta, carencia
language: lenguaje, idioma
large: grande
larger: más grande, mayor
last: último
latency: latencia
later: más tarde, después, posterior
latest: último, más reciente
layer: capa
lead: liderar, llevar, conducir
leaked: filtrado, expuesto
lean: ligero, lean
learning: aprendizaje
least: menos, mínimo
leave: dejar
left: izquierda, restante
legacy: legado, heredado, legacy
length: longitud
less: menos
lets: permite
level: nivel
leverage: aprovechar
library: biblioteca, librería
license: licencia
life: vida
lifecycle: ciclo de vida
light: ligero, luz
lightweight: ligero
like: como, gustar
limited: limitado
line: línea
links: enlaces
list: lista, listar
little: poco, pequeño
live: en vivo, vivir, en producción
load: carga, cargar
local: local
location: ubicación
lock: bloqueo, bloquear
log: log, registro
logic: lógica
login: inicio de sesión, login
long: largo
longer: más largo
look: mirar, buscar, aspecto
lose: perder
loss: pérdida
lost: perdido
lot: mucho
low: bajo
lower: inferior, menor, bajar
machine: máquina
made: hecho
madr: madr
main: principal
maintain: mantener
maintenance: mantenimiento
major: mayor, importante, principal
make: hacer
management: gestión, administración
manifest: manifiesto, manifest
manner: manera
manual: manual
many: muchos
mapping: mapeo, correspondencia
mark: marcar, marca
markdown: markdown
master: master, maestro, principal
match: coincidir, coincidencia
matter: importar, asunto
maturity: madurez
max: máx, máximo
may: puede, podría
means: significa, medio
meant: pensado, destinado
measured: medido
mechanism: mecanismo
medium: medio
meet: cumplir, satisfacer
members: miembros
memory: memoria
mentioned: mencionado
merge: fusionar, merge, fusión
message: mensaje
metadata: metadatos
method: método
metrics: métricas
michael: michael
might: podría
migration: migración
mind: mente
minimal: mínimo
minimum: mínimo
minor: menor
minutes: minutos
missing: faltante, falta
mitigate: mitigar
mix: mezcla, mezclar
mock: mock, simulación, simular
mode: modo
model: modelo
modern: moderno
modification: modificación
modified: modificado
module: módulo
monitoring: monitorización, monitoreo
month: mes
mostly: mayormente, principalmente
move: mover
much: mucho
multi: multi
multiple: múltiple, varios
must: debe
name: nombre
native: nativo
nature: naturaleza
navigate: navegar
necessary: necesario
need: necesidad, necesitar
negative: negativo
neither: ninguno, tampoco, ni
net: neto
network: red
never: nunca
new: nuevo
newer: más nuevo, más reciente
newest: más nuevo, más reciente
next: siguiente, próximo
nice: bueno, agradable
node: nodo
none: ninguno
normal: normal
notably: notablemente
note: nota
nothing: nada
notice: aviso, notar
notification: notificación
now: ahora
null: null, nulo
number: número
nygard: nygard
object: objeto
observability: observabilidad
obtain: obtener
occur: ocurrir
offer: ofrecer, oferta
official: oficial
often: a menudo, frecuentemente
old: antiguo, viejo
older: más antiguo
onboarding: incorporación, onboarding
one: uno
ongoing: en curso, continuo
online: en línea, online
onto: sobre
open: abierto, abrir
operations: operaciones
opinionated: dogmático, con opiniones
opt: optar
optimized: optimizado
option: opción
order: orden, pedido
org: org, organización
organisation: organización
organization: organización
original: original
others: otros
otherwise: de lo contrario, si no
outcome: resultado
outlined: descrito, expuesto
output: salida
outside: fuera
overall: general, global
overhead: sobrecarga, overhead
overlap: solapamiento, superposición, solapar
override: sobrescribir, anular
overview: resumen, visión general
owned: propiedad de, poseído
owner: propietario, dueño, responsable
ownership: propiedad, responsabilidad
packages: paquetes
page: página
pair: par
parameters: parámetros
parent: padre
parse: parsear, analizar
part: parte
partial: parcial
particular: particular
party: parte, tercero
pass: pasar
password: contraseña
past: pasado
patch: parche
path: ruta, camino
pattern: patrón
pay: pagar
pending: pendiente
people: personas, gente
performance: rendimiento
period: periodo
permissions: permisos
persistent: persistente
person: persona
phase: fase
pick: elegir, escoger
piece: pieza, parte
pipeline: pipeline
place: lugar
plain: simple, plano
plan: plan, planificar
platform: plataforma
play: jugar, reproducir
plugin: plugin, complemento
plus: más, además
png: png
point: punto
policy: política
popular: popular
port: puerto, portar
pose: plantear
positive: positivo
possible: posible
post: publicación, publicar, post
postgres: postgres
postgresql: postgresql
potentially: potencialmente
power: poder, potencia
practice: práctica
pre: pre, previo
precision: precisión
predictable: predecible
preferred: preferido
prefix: prefijo
present: presente, presentar
preserve: preservar, conservar
prevent: prevenir, evitar
previous: anterior
pricing: precios
primarily: principalmente
primary: primario, principal
principle: principio
prior: previo, anterior
privacy: privacidad
private: privado
privileged: privilegiado
probably: probablemente
problem: problema
procedural: procedimental
proceed: proceder, continuar
process: proceso, procesar
produce: producir
production: producción
profile: perfil
progress: progreso
project: proyecto
promise: promesa
promoting: promover, promoción
prone: propenso
proof: prueba
propagate: propagar
properly: correctamente, adecuadamente
properties: propiedades
proposed: propuesto
pros: pros, ventajas
protection: protección
protocol: protocolo
provenance: procedencia, origen
proves: demuestra
provide: proporcionar, proveer
provisioning: aprovisionamiento
proxy: proxy
prs: prs, pull requests
public: público
published: publicado
pull: pull, extraer, tirar
pure: puro
purpose: propósito, finalidad
push: push, enviar, empujar
put: poner, colocar
python: python
quality: calidad
query: consulta
question: pregunta
queue: cola
quickly: rápidamente
quirks: peculiaridades, particularidades
quite: bastante
raised: planteado, lanzado
range: rango
rate: tasa, ritmo
rather: más bien, bastante
raw: crudo, sin procesar
reach: alcanzar, llegar
react: react, reaccionar
read: leer, lectura
readable: legible
readme: readme
ready: listo, preparado
real: real
really: realmente
reason: razón, motivo
rebuild: reconstruir, recompilar
received: recibido
recent: reciente
recommended: recomendado
record: registro, registrar
redirect: redirigir, redirección
reduce: reducir
reduction: reducción
refactor: refactorizar, refactorización
reference: referencia
referenced: referenciado
reflect: reflejar
refresh: actualizar, refrescar
regarding: respecto a, en cuanto a
regardless: independientemente
registered: registrado
registration: registro
registry: registro
regular: regular, normal
rejected: rechazado
related: relacionado
relationship: relación
release: versión, lanzamiento, publicar
relevant: relevante
reliable: fiable, confiable
rely: depender, confiar
remain: permanecer, seguir
remember: recordar
remote: remoto
remove: eliminar, quitar
rename: renombrar
rendering: renderizado
repeated: repetido
replace: reemplazar, sustituir
replication: replicación
report: informe, reporte, informar
repository: repositorio
represent: representar
representation: representación
request: solicitud, petición
required: obligatorio, requerido, necesario
research: investigación, investigar
resolved: resuelto
resources: recursos
respective: respectivo
response: respuesta
rest: resto, rest
restore: restaurar
restrict: restringir
result: resultado
retrieve: recuperar, obtener
return: devolver, retorno
reuse: reutilizar, reutilización
review: revisión, revisar
rework: rehacer, reelaborar
rewrite: reescribir, reescritura
rfc: rfc
right: derecho, correcto
risk: riesgo
robust: robusto
role: rol, función
roll: desplegar, revertir
root: raíz
rotation: rotación
round: ronda, redondear
routing: enrutamiento
row: fila
rule: regla
run: ejecutar, ejecución
runtime: runtime, tiempo de ejecución
safe: seguro
said: dicho
save: guardar, ahorrar
says: dice
scalability: escalabilidad
scale: escalar, escala
scan: escanear, escaneo
scenario: escenario
scheduling: planificación, programación
schema: esquema
scheme: esquema
scope: alcance, ámbito
scripts: scripts
search: búsqueda, buscar
second: segundo
secrets: secretos
section: sección
security: seguridad
see: ver
seems: parece
seen: visto
select: seleccionar
self: auto, propio
semantics: semántica
send: enviar
sense: sentido
sensitive: sensible
sent: enviado
separate: separado, separar
sequence: secuencia
serialized: serializado
serve: servir
server: servidor
service: servicio
session: sesión
set: conjunto, establecer, configurar
setup: configuración, instalación
several: varios
shape: forma
shared: compartido
shift: cambio, desplazar
short: corto
show: mostrar
shown: mostrado
side: lado
signed: firmado
significant: significativo
similar: similar
simple: simple, sencillo
simpler: más simple, más sencillo
simplify: simplificar
simply: simplemente
since: desde, ya que
single: único, solo
site: sitio
situation: situación
size: tamaño
skip: omitir, saltar
slack: slack
slightly: ligeramente
slow: lento
small: pequeño
smaller: más pequeño, menor
snapshot: snapshot, instantánea
software: software
solely: únicamente, exclusivamente
solution: solución
solve: resolver
something: algo
sometimes: a veces
somewhat: algo, un poco
sort: ordenar, tipo
source: fuente, origen
space: espacio
spec: spec, especificación
special: especial
specific: específico
specified: especificado
speed: velocidad
split: dividir, separar, división
src: src
stable: estable
stack: stack, pila
staging: staging, preproducción
standalone: independiente, autónomo
standard: estándar
start: iniciar, empezar, inicio
state: estado
statement: declaración, sentencia
static: estático
status: estado
stay: quedarse, permanecer
step: paso
still: todavía, aún
stop: detener, parar
storage: almacenamiento
store: almacenar, guardar, almacén
story: historia
straight: directo, directamente
straightforward: sencillo, directo
strategy: estrategia
stream: flujo, stream
strict: estricto
string: cadena, string
strong: fuerte
structure: estructura
style: estilo
sub: sub
subject: sujeto, tema, asunto
submit: enviar
subsequent: posterior, subsiguiente
subset: subconjunto
success: éxito
successor: sucesor
sufficient: suficiente
suggest: sugerir
suitable: adecuado, apropiado
suite: suite, conjunto
summary: resumen
superseded: reemplazado, sustituido
supplied: proporcionado, suministrado
support: soporte, soportar, admitir
sure: seguro
surface: superficie
sustainability: sostenibilidad
switch: cambiar, interruptor, switch
sync: sincronizar, sync
synchronization: sincronización
syntax: sintaxis
system: sistema
table: tabla
tags: etiquetas, tags
take: tomar
taken: tomado
target: objetivo, destino
task: tarea
team: equipo
technical: técnico
technology: tecnología
template: plantilla
term: término
termination: terminación
test: prueba, test, probar
text: texto
therefore: por lo tanto
things: cosas
think: pensar, creer
thinkrelevance: thinkrelevance
third: tercero
though: aunque
thought: pensamiento, pensado
three: tres
throughout: a lo largo de, en todo
thus: así, por lo tanto
tied: vinculado, atado
tightly: estrechamente, fuertemente
time: tiempo, vez
title: título
tls: tls
together: juntos
token: token
tool: herramienta
top: parte superior, arriba
topic: tema
total: total
touch: tocar
towards: hacia
traces: trazas
track: seguimiento, rastrear
trade: compensación, intercambio
traffic: tráfico
trail: rastro, registro
transfer: transferencia, transferir
transition: transición
translations: traducciones
traversal: recorrido
treat: tratar
tree: árbol
trigger: disparador, disparar, activar
true: verdadero
trust: confianza, confiar
truth: verdad
try: intentar, probar
turn: turno, convertir
tutorials: tutoriales
two: dos
type: tipo
typically: normalmente, típicamente
ultimately: en última instancia, finalmente
unable: incapaz, no poder
unavailable: no disponible
unchanged: sin cambios
underlying: subyacente
understand: entender, comprender
unexpected: inesperado
unique: único
unit: unidad, unitario
universal: universal
unless: a menos que, salvo que
unlike: a diferencia de
unnecessary: innecesario
update: actualizar, actualización
upgrade: actualizar, actualización
upload: subir, carga
upon: sobre, tras
url: url
usability: usabilidad
usage: uso
use: uso, usar, utilizar
user: usuario
usually: normalmente, generalmente
utilize: utilizar
validator: validador
value: valor
variable: variable
variant: variante
various: varios
vary: variar
vendor: proveedor
verify: verificar
version: versión
via: vía, mediante
viable: viable
view: vista, ver
virtual: virtual
visible: visible
visual: visual
volume: volumen
vulnerabilities: vulnerabilidades
wait: esperar
wants: quiere
warning: advertencia, aviso
way: forma, manera
web: web
webhooks: webhooks
website: sitio web, web
well: bien
whatever: lo que sea, cualquier
whenever: cuando, siempre que
whereas: mientras que
whether: si
whole: todo, entero
whose: cuyo
wide: amplio, ancho
wider: más amplio
wiki: wiki
window: ventana
wish: deseo, desear
within: dentro de
without: sin
words: palabras
work: trabajo, trabajar, funcionar
worker: worker, trabajador
workflow: flujo de trabajo, workflow
workspace: espacio de trabajo, workspace
world: mundo
worth: valer la pena, valor
wrap: envolver
wrapper: wrapper, envoltorio, contenedor
write: escribir, escritura
written: escrito
wrong: incorrecto, mal, equivocado
www: www
yaml: yaml
year: año
yes: sí
yet: todavía, aún
yml: yml
yyyy: aaaa, yyyy
zero: cero
"""

PORTUGUESE: Final = """\
ability: capacidade, habilidade
able: capaz, conseguir, poder
absolute: absoluto
abstraction: abstração
accepted: aceito, aceita, aprovado
access: acesso, acessar
accidentally: acidentalmente, sem querer, por engano
according: de acordo com, conforme, segundo
account: conta
accurate: preciso, exato, correto
achieve: alcançar, atingir, conseguir
across: entre, em todos, através de
act: agir, atuar, ato
action: ação
active: ativo
actual: real, efetivo
adapter: adaptador, adapter
add: adicionar, incluir, acrescentar
additional: adicional
address: endereço, tratar, resolver
adjust: ajustar
admin: admin, administrador
administrators: administradores
adoption: adoção
adr: adr
advanced: avançado
advantages: vantagens
affects: afeta, impacta
agent: agente
aggregation: agregação
agnostic: agnóstico, independente
agreed: acordado, combinado, aceito
agreement: acordo, consenso
ahead: à frente, adiante, antecipadamente
aim: objetivo, visar
align: alinhar
allow: permitir
along: junto, ao longo de
alongside: junto com, ao lado de
alpha: alpha, alfa
already: já
alternative: alternativa, alternativo
although: embora, apesar de
always: sempre
amazon: amazon
amended: alterado, emendado, modificado
among: entre
amount: quantidade, volume
analysis: análise
annotation: anotação
another: outro, outra
answer: resposta, responder
anyone: qualquer pessoa, alguém
anything: qualquer coisa, algo
anyway: de qualquer forma, mesmo assim
apache: apache
api: api
app: app, aplicativo
appear: aparecer, surgir
application: aplicação, aplicativo
apply: aplicar
approach: abordagem
appropriate: apropriado, adequado
approved: aprovado
arbitrary: arbitrário
architecture: arquitetura
archive: arquivo, arquivar
area: área
argument: argumento, parâmetro
around: em torno de, cerca de
articles: artigos
asked: perguntado, pedido, solicitado
aspects: aspectos
assessment: avaliação
assets: assets, recursos, ativos
assigned: atribuído
associated: associado
assume: assumir, supor
assumptions: premissas, suposições
async: async, assíncrono
asynchronous: assíncrono
attached: anexado, anexo, vinculado
attack: ataque, atacar
attempt: tentativa, tentar
attribute: atributo
audit: auditoria, auditar
auth: auth, autenticação
authentication: autenticação
authorization: autorização
auto: auto, automático
automated: automatizado
automatically: automaticamente
available: disponível
avoid: evitar
aware: ciente
away: longe, fora
aws: aws
back: voltar, de volta, trás
backend: backend
background: segundo plano, background, contexto
backup: backup, cópia de segurança
backwards: retrocompatível, para trás
bad: ruim, mau
balancer: balanceador
based: baseado
basic: básico
basis: base
become: tornar-se, virar
begin: começar, iniciar
behavior: comportamento
behaviour: comportamento
behind: atrás, por trás
believe: acreditar
belongs: pertence
benefits: benefícios
besides: além de, além disso
best: melhor
beta: beta
better: melhor
beyond: além de
big: grande
bit: pouco, bit
blob: blob
block: bloco, bloquear
blog: blog
body: corpo
bound: limite, vinculado, limitado
boundary: limite, fronteira
box: caixa
branch: branch, ramo
breaking: quebra, incompatível
bring: trazer
broad: amplo
broader: mais amplo
broken: quebrado
browser: navegador, browser
bucket: bucket
bug: bug, erro
build: build, construir, compilar
built: construído, compilado
bullet: tópico, marcador
bundle: pacote, bundle, empacotar
burden: ônus, carga, fardo
business: negócio, negócios
cache: cache
call: chamada, chamar
came: veio
capabilities: capacidades, funcionalidades, recursos
capacity: capacidade
capture: capturar, captura
care: cuidado, importar-se
carry: carregar, levar
case: caso
catch: capturar, pegar
cause: causa, causar
central: central
certain: certo, determinado
certificate: certificado
chain: cadeia, corrente
challenges: desafios
chance: chance, possibilidade
changes: mudanças, alterações
channel: canal
check: verificar, verificação, checar
choice: escolha
choose: escolher
chose: escolheu, escolhemos
chosen: escolhido
claim: afirmação, alegar, reivindicar
class: classe
clean: limpo, limpar
clear: claro, limpar
cli: cli
client: cliente
clone: clone, clonar
closed: fechado
cloud: nuvem, cloud
cluster: cluster
code: código
codebase: codebase, base de código
collaboration: colaboração
collection: coleção
column: coluna
combination: combinação
comes: vem
command: comando
comment: comentário, comentar
commit: commit, commitar
committer: committer
common: comum
communication: comunicação
community: comunidade
compared: comparado
comparison: comparação
compatible: compatível
compile: compilar
complete: completo, concluir, completar
complexity: complexidade
compliant: compatível, em conformidade
complicated: complicado
components: componentes
compose: compor, compose
composition: composição
comprehensive: abrangente, completo
compromise: compromisso, meio-termo, comprometer
compute: computação, calcular
concepts: conceitos
concerns: preocupações, responsabilidades
conditions: condições
confidence: confiança
configuration: configuração
confirm: confirmar
conflict: conflito
conformance: conformidade
confusion: confusão
connection: conexão
cons: contras, desvantagens
consequences: consequências
considerations: considerações
considered: considerado
consistent: consistente
consolidate: consolidar
constant: constante
constrained: restrito, limitado
constraints: restrições
consumer: consumidor
container: container, contêiner
content: conteúdo
context: contexto
continue: continuar
contrast: contraste
contributing: contribuindo, contribuição
control: controle, controlar
convenient: conveniente, prático
conventions: convenções
conversion: conversão
convert: converter
copied: copiado
copyright: direitos autorais, copyright
core: núcleo, core, principal
corpus: corpus
correct: correto, corrigir
corresponding: correspondente
cost: custo, custar
count: contagem, contar
coupling: acoplamento
cover: cobrir, abranger
coverage: cobertura
cpu: cpu
create: criar
creation: criação
credentials: credenciais
critical: crítico
cross: cruzado, atravessar
current: atual
curve: curva
custom: personalizado, customizado
cycle: ciclo
data: dados
database: banco de dados
date: data
day: dia
deal: lidar, acordo
debugging: depuração, debugging
deciders: decisores, responsáveis pela decisão
decision: decisão
declarative: declarativo
decrease: diminuir, redução
dedicated: dedicado
default: padrão, default
defined: definido
definition: definição
delay: atraso, atrasar
delegate: delegar
delete: excluir, apagar, deletar
deliberately: deliberadamente, propositalmente
deliver: entregar
demand: demanda
demonstrated: demonstrado
dependency: dependência
deployment: deploy, implantação
deprecated: obsoleto, descontinuado, deprecated
derived: derivado
described: descrito
description: descrição
design: design, projeto, projetar
desired: desejado
destination: destino
details: detalhes
detection: detecção
determine: determinar
dev: dev, desenvolvimento
developers: desenvolvedores
device: dispositivo
diagram: diagrama
different: diferente
difficult: difícil
digital: digital
directly: diretamente
directory: diretório
disabled: desativado, desabilitado
discover: descobrir
discovery: descoberta
discussion: discussão
disk: disco
display: exibir, exibição, tela
disruption: interrupção
distinct: distinto
distinguish: distinguir
distribution: distribuição
divergence: divergência
dns: dns
docker: docker
docs: docs, documentação
document: documento, documentar
domain: domínio
done: feito, concluído
double: duplo, dobro
download: download, baixar
downside: desvantagem
draft: rascunho
drawbacks: desvantagens
drift: desvio, drift
drive: impulsionar, conduzir, unidade
driven: orientado, guiado
drivers: drivers, motivadores
drop: remover, descartar, abandonar
due: devido
duplicate: duplicado, duplicar
dynamic: dinâmico
earlier: anterior, antes
early: cedo, inicial
ease: facilidade, facilitar
easier: mais fácil
easily: facilmente
easy: fácil
ecosystem: ecossistema
edge: borda, edge, extremidade
edit: editar, edição
editor: editor
effectively: efetivamente
efficient: eficiente
effort: esforço
either: qualquer um, ou
elements: elementos
else: senão, outro
elsewhere: em outro lugar
embed: incorporar, embutir
embedding: embedding, incorporação
enable: habilitar, permitir
encoding: codificação, encoding
encounter: encontrar, deparar-se
encourages: incentiva, estimula
encryption: criptografia
end: fim, final, terminar
endpoint: endpoint
enforce: impor, garantir
engine: motor, engine
enhanced: aprimorado, melhorado
enough: suficiente, bastante
ensure: garantir, assegurar
enter: entrar, inserir
entire: inteiro, todo
entity: entidade
entries: entradas, registros
environment: ambiente
equivalent: equivalente
error: erro
especially: especialmente
essentially: essencialmente
established: estabelecido
etc: etc
evaluate: avaliar
even: mesmo, até
event: evento
eventually: eventualmente, por fim, no final
ever: já, alguma vez, nunca
every: cada, todo
everything: tudo
evidence: evidência, evidências
evolve: evoluir
exactly: exatamente
example: exemplo
exception: exceção
excluded: excluído
exclusive: exclusivo
execution: execução
existing: existente
expand: expandir
expected: esperado
expensive: caro, custoso
experience: experiência
experimental: experimental
explicit: explícito
explore: explorar
export: exportar, exportação
expose: expor
express: expressar
extend: estender
extension: extensão
external: externo
extra: extra, adicional
extract: extrair
facilitate: facilitar
facing: enfrentando, voltado para
fact: fato
fail: falhar
failure: falha
fairly: bastante, razoavelmente
fallback: fallback, alternativa
falls: cai
false: falso
familiar: familiar, conhecido
far: longe, distante
fast: rápido
faster: mais rápido
features: funcionalidades, recursos, features
feedback: feedback, retorno
feel: sentir, parecer
fetch: buscar, obter
fewer: menos
field: campo
figure: figura, descobrir
file: arquivo
fill: preencher
filter: filtro, filtrar
final: final
find: encontrar, achar
fine: bom, ok, fino
first: primeiro
fit: adequar, encaixar, adequado
fixed: fixo, corrigido
flag: flag, sinalizador
flexibility: flexibilidade
flow: fluxo
focus: foco, focar
folder: pasta
following: seguinte, a seguir
force: forçar, força
format: formato, formatar
forms: formulários, formas
forward: frente, adiante, encaminhar
found: encontrado
four: quatro
framework: framework
free: gratuito, livre, grátis
frequently: frequentemente
friction: atrito, fricção
friendly: amigável
front: frente
frontend: frontend
full: completo, cheio
fully: totalmente, completamente
functionality: funcionalidade
future: futuro
gain: ganho, ganhar
gap: lacuna
general: geral
generation: geração
generic: genérico
get: obter, pegar
git: git
github: github
give: dar
given: dado
global: global
goal: objetivo, meta
goes: vai
going: indo, vai
good: bom
google: google
got: obteve, conseguiu
gov: gov, governo
governance: governança
grained: granular
grants: concede, permissões
granularity: granularidade
graph: grafo, gráfico
great: ótimo, grande
greater: maior
group: grupo, agrupar
growing: crescente, crescendo
guarantees: garantias, garante
guidance: orientação
guide: guia
guidelines: diretrizes
hand: mão
handle: lidar, tratar, manipular
happen: acontecer
hard: difícil, rígido
harder: mais difícil
header: cabeçalho, header
heading: título, cabeçalho
health: saúde, health
heavily: fortemente, muito
heavy: pesado
help: ajuda, ajudar
hence: portanto, por isso
high: alto
higher: mais alto, maior
highlighter: highlighter, realçador
historical: histórico
history: histórico, história
holds: contém, mantém
hook: hook, gancho
host: host, hospedar
hours: horas
however: porém, no entanto, entretanto
html: html
http: http
https: https
huge: enorme
human: humano
idea: ideia
ideally: idealmente
identify: identificar
identity: identidade
ids: ids, identificadores
ignore: ignorar
image: imagem
immediately: imediatamente
immutable: imutável
impact: impacto, impactar
implementation: implementação
implicitly: implicitamente
important: importante
impossible: impossível
improve: melhorar
incident: incidente
include: incluir
incoming: recebido, de entrada
inconsistent: inconsistente
incorrectly: incorretamente
increase: aumentar, aumento
incremental: incremental
independent: independente
index: índice, indexar
indicate: indicar
individual: individual
info: info, informação
information: informação, informações
infrastructure: infraestrutura
initial: inicial
injected: injetado
input: entrada, input
inside: dentro
inspect: inspecionar
install: instalar
instance: instância
instead: em vez disso, ao invés de
integration: integração
intended: pretendido, destinado
intent: intenção
interaction: interação
interest: interesse
interface: interface
internal: interno
internet: internet
introduce: introduzir
intuitive: intuitivo
invalid: inválido
investigated: investigado
invoke: invocar, chamar
involves: envolve
iso: iso
isolation: isolamento
issuecomment: issuecomment
issues: issues, problemas
item: item
iteration: iteração
javascript: javascript
job: job, tarefa
join: join, juntar, entrar
json: json
just: apenas, só
keep: manter
kept: mantido
key: chave
kind: tipo
know: saber, conhecer
knowledge: conhecimento
known: conhecido
label: rótulo, label, etiqueta
lack: falta, ausência
language: linguagem, idioma
large: grande
larger: maior
last: último
latency: latência
later: depois, mais tarde, posterior
latest: mais recente, último
layer: camada
lead: levar, liderar, líder
leaked: vazado
lean: enxuto
learning: aprendizado
least: menos, mínimo
leave: deixar, sair
left: esquerda, restante
legacy: legado
length: comprimento, tamanho
less: menos
lets: permite
level: nível
leverage: aproveitar, alavancar
library: biblioteca
license: licença
life: vida
lifecycle: ciclo de vida
light: leve, luz
lightweight: leve
like: como, gostar
limited: limitado
line: linha
links: links
list: lista, listar
little: pouco, pequeno
live: ao vivo, viver, produção
load: carga, carregar
local: local
location: localização, local
lock: lock, bloqueio, bloquear
log: log, registro, registrar
logic: lógica
login: login
long: longo
longer: mais longo
look: olhar, procurar
lose: perder
loss: perda
lost: perdido
lot: muito, lote
low: baixo
lower: menor, mais baixo
machine: máquina
made: feito
madr: madr
main: principal
maintain: manter
maintenance: manutenção
major: principal, grande, major
make: fazer
management: gerenciamento, gestão
manifest: manifesto, manifest
manner: maneira, forma
manual: manual
many: muitos
mapping: mapeamento
mark: marcar, marca
markdown: markdown
master: master, principal, mestre
match: corresponder, combinar
matter: importar, questão
maturity: maturidade
max: máximo, max
may: pode, talvez
means: significa, meio
meant: destinado, pretendido
measured: medido
mechanism: mecanismo
medium: médio, meio
meet: atender, cumprir, reunir
members: membros
memory: memória
mentioned: mencionado
merge: merge, mesclar
message: mensagem
metadata: metadados
method: método
metrics: métricas
michael: michael
might: pode, poderia
migration: migração
mind: mente
minimal: mínimo
minimum: mínimo
minor: menor, pequeno
minutes: minutos
missing: ausente, faltando
mitigate: mitigar
mix: misturar, mistura
mock: mock, simulação
mode: modo
model: modelo
modern: moderno
modification: modificação
modified: modificado
module: módulo
monitoring: monitoramento
month: mês
mostly: principalmente, em grande parte
move: mover
much: muito
multi: multi
multiple: múltiplos, vários
must: deve, precisa
name: nome, nomear
native: nativo
nature: natureza
navigate: navegar
necessary: necessário
need: necessidade, precisar
negative: negativo
neither: nenhum, nem
net: líquido, net
network: rede
never: nunca
new: novo
newer: mais novo
newest: mais recente
next: próximo
nice: bom, legal
node: nó, node
none: nenhum
normal: normal
notably: notavelmente
note: nota, observação
nothing: nada
notice: aviso, perceber
notification: notificação
now: agora
null: null, nulo
number: número
nygard: nygard
object: objeto
observability: observabilidade
obtain: obter
occur: ocorrer
offer: oferecer, oferta
official: oficial
often: frequentemente, muitas vezes
old: antigo, velho
older: mais antigo
onboarding: onboarding, integração
one: um, uma
ongoing: em andamento, contínuo
online: online
onto: sobre, em
open: aberto, abrir
operations: operações
opinionated: opinativo, opinionated
opt: optar
optimized: otimizado
option: opção
order: ordem, pedido
org: org, organização
organisation: organização
organization: organização
original: original
others: outros
otherwise: caso contrário, senão
outcome: resultado
outlined: descrito, delineado
output: saída, output
outside: fora
overall: geral, global
overhead: overhead, sobrecarga
overlap: sobreposição, sobrepor
override: sobrescrever, substituir
overview: visão geral
owned: de propriedade, pertencente
owner: dono, proprietário, responsável
ownership: propriedade, responsabilidade
packages: pacotes
page: página
pair: par
parameters: parâmetros
parent: pai
parse: parsear, analisar
part: parte
partial: parcial
particular: particular, específico
party: parte, terceiros
pass: passar
password: senha
past: passado
patch: patch, correção
path: caminho
pattern: padrão
pay: pagar
pending: pendente
people: pessoas
performance: desempenho, performance
period: período
permissions: permissões
persistent: persistente
person: pessoa
phase: fase
pick: escolher
piece: parte, peça
pipeline: pipeline
place: lugar, colocar
plain: simples, puro
plan: plano, planejar
platform: plataforma
play: jogar, desempenhar
plugin: plugin
plus: mais, além de
png: png
point: ponto
policy: política
popular: popular
port: porta, portar
pose: representar, apresentar
positive: positivo
possible: possível
post: post, publicar
postgres: postgres
postgresql: postgresql
potentially: potencialmente
power: poder, potência
practice: prática
pre: pré
precision: precisão
predictable: previsível
preferred: preferido
prefix: prefixo
present: presente, apresentar
preserve: preservar
prevent: prevenir, evitar, impedir
previous: anterior
pricing: preço, precificação
primarily: principalmente
primary: primário, principal
principle: princípio
prior: anterior, prévio
privacy: privacidade
private: privado
privileged: privilegiado
probably: provavelmente
problem: problema
procedural: procedural
proceed: prosseguir
process: processo, processar
produce: produzir
production: produção
profile: perfil
progress: progresso
project: projeto
promise: promessa, promise
promoting: promovendo
prone: propenso, suscetível
proof: prova
propagate: propagar
properly: corretamente, adequadamente
properties: propriedades
proposed: proposto
pros: prós, vantagens
protection: proteção
protocol: protocolo
provenance: proveniência, origem
proves: prova, comprova
provide: fornecer, prover
provisioning: provisionamento
proxy: proxy
prs: prs, pull requests
public: público
published: publicado
pull: pull, puxar
pure: puro
purpose: propósito, finalidade
push: push, enviar
put: colocar
python: python
quality: qualidade
query: consulta, query, consultar
question: pergunta, questão
queue: fila
quickly: rapidamente
quirks: peculiaridades
quite: bastante
raised: levantado, lançado
range: intervalo, faixa
rate: taxa
rather: em vez de, bastante
raw: bruto
reach: alcançar, atingir
react: react, reagir
read: ler, leitura
readable: legível
readme: readme
ready: pronto
real: real
really: realmente
reason: motivo, razão
rebuild: reconstruir, rebuild
received: recebido
recent: recente
recommended: recomendado
record: registro, registrar
redirect: redirecionar, redirecionamento
reduce: reduzir
reduction: redução
refactor: refatorar, refatoração
reference: referência
referenced: referenciado
reflect: refletir
refresh: atualizar, refresh
regarding: sobre, em relação a, quanto a
regardless: independentemente
registered: registrado
registration: registro, cadastro
registry: registro, registry
regular: regular
rejected: rejeitado
related: relacionado
relationship: relacionamento
release: release, versão, lançamento, lançar
relevant: relevante
reliable: confiável
rely: depender, contar com
remain: permanecer
remember: lembrar
remote: remoto
remove: remover
rename: renomear
rendering: renderização
repeated: repetido
replace: substituir
replication: replicação
report: relatório, relatar
repository: repositório
represent: representar
representation: representação
request: requisição, solicitação, pedido
required: obrigatório, necessário
research: pesquisa
resolved: resolvido
resources: recursos
respective: respectivo
response: resposta
rest: rest, resto
restore: restaurar
restrict: restringir
result: resultado
retrieve: recuperar, obter
return: retornar, retorno
reuse: reutilizar, reuso
review: revisão, revisar
rework: retrabalho, refazer
rewrite: reescrever, reescrita
rfc: rfc
right: certo, direito, correto
risk: risco
robust: robusto
role: papel, função, role
roll: rolar, implantar
root: raiz, root
rotation: rotação
round: rodada, arredondar
routing: roteamento
row: linha
rule: regra
run: executar, rodar
runtime: runtime, tempo de execução
safe: seguro
said: dito
save: salvar
says: diz
scalability: escalabilidade
scale: escala, escalar
scan: varredura, escanear
scenario: cenário
scheduling: agendamento
schema: schema, esquema
scheme: esquema
scope: escopo
scripts: scripts
search: busca, pesquisa, buscar
second: segundo
secrets: segredos, secrets
section: seção
security: segurança
see: ver
seems: parece
seen: visto
select: selecionar
self: próprio, auto
semantics: semântica
send: enviar
sense: sentido
sensitive: sensível
sent: enviado
separate: separado, separar
sequence: sequência
serialized: serializado
serve: servir
server: servidor
service: serviço
session: sessão
set: conjunto, definir, configurar
setup: configuração, setup
several: vários
shape: forma, formato
shared: compartilhado
shift: mudança, mudar
short: curto
show: mostrar
shown: mostrado
side: lado
signed: assinado
significant: significativo
similar: semelhante, similar
simple: simples
simpler: mais simples
simplify: simplificar
simply: simplesmente
since: desde, já que
single: único
site: site
situation: situação
size: tamanho
skip: pular, ignorar
slack: slack
slightly: ligeiramente, um pouco
slow: lento
small: pequeno
smaller: menor
snapshot: snapshot
software: software
solely: exclusivamente, somente
solution: solução
solve: resolver
something: algo, alguma coisa
sometimes: às vezes
somewhat: um pouco, relativamente
sort: ordenar, tipo
source: fonte, origem
space: espaço
spec: spec, especificação
special: especial
specific: específico
specified: especificado
speed: velocidade
split: dividir, divisão
src: src
stable: estável
stack: stack, pilha
staging: staging, homologação
standalone: standalone, independente
standard: padrão
start: início, iniciar, começar
state: estado
statement: declaração, instrução
static: estático
status: status, situação
stay: permanecer, ficar
step: passo, etapa
still: ainda
stop: parar
storage: armazenamento
store: armazenar, loja
story: história
straight: direto
straightforward: simples, direto
strategy: estratégia
stream: stream, fluxo
strict: estrito, rigoroso
string: string
strong: forte
structure: estrutura
style: estilo
sub: sub
subject: assunto, sujeito
submit: enviar, submeter
subsequent: subsequente, posterior
subset: subconjunto
success: sucesso
successor: sucessor
sufficient: suficiente
suggest: sugerir
suitable: adequado
suite: suíte, conjunto
summary: resumo
superseded: substituído
supplied: fornecido
support: suporte, suportar
sure: certeza, certo
surface: superfície
sustainability: sustentabilidade
switch: trocar, mudar, switch
sync: sync, sincronizar
synchronization: sincronização
syntax: sintaxe
system: sistema
table: tabela
tags: tags, etiquetas
take: levar, tomar, pegar
taken: tomado, levado
target: alvo, destino
task: tarefa
team: equipe, time
technical: técnico
technology: tecnologia
template: template, modelo
term: termo, prazo
termination: término, encerramento
test: teste, testar
text: texto
therefore: portanto
things: coisas
think: pensar, achar
thinkrelevance: thinkrelevance
third: terceiro
though: embora
thought: pensamento, pensado
three: três
throughout: ao longo de, por todo
thus: assim, portanto
tied: vinculado, amarrado
tightly: fortemente
time: tempo, vez
title: título
tls: tls
together: juntos
token: token
tool: ferramenta
top: topo
topic: tópico, assunto
total: total
touch: tocar, mexer
towards: em direção a, rumo a
traces: traces, rastros
track: rastrear, acompanhar
trade: troca, trade-off
traffic: tráfego
trail: trilha, rastro
transfer: transferência, transferir
transition: transição
translations: traduções
traversal: travessia, percurso
treat: tratar
tree: árvore
trigger: gatilho, disparar, trigger
true: verdadeiro
trust: confiança, confiar
truth: verdade
try: tentar
turn: vez, transformar, virar
tutorials: tutoriais
two: dois
type: tipo
typically: tipicamente, normalmente
ultimately: em última análise, no final
unable: incapaz, não conseguir
unavailable: indisponível
unchanged: inalterado
underlying: subjacente
understand: entender, compreender
unexpected: inesperado
unique: único
unit: unidade, unitário
universal: universal
unless: a menos que
unlike: ao contrário de
unnecessary: desnecessário
update: atualização, atualizar
upgrade: upgrade, atualização, atualizar
upload: upload, enviar
upon: sobre, após
url: url
usability: usabilidade
usage: uso
use: uso, usar, utilizar
user: usuário
usually: normalmente, geralmente
utilize: utilizar
validator: validador
value: valor
variable: variável
variant: variante
various: vários, diversos
vary: variar
vendor: fornecedor, vendor
verify: verificar
version: versão
via: via, através de
viable: viável
view: visualização, view, visão
virtual: virtual
visible: visível
visual: visual
volume: volume
vulnerabilities: vulnerabilidades
wait: esperar, aguardar
wants: quer
warning: aviso, alerta
way: forma, maneira, caminho
web: web
webhooks: webhooks
website: site, website
well: bem
whatever: qualquer que seja
whenever: sempre que
whereas: enquanto, ao passo que
whether: se
whole: todo, inteiro
whose: cujo
wide: amplo, largo
wider: mais amplo
wiki: wiki
window: janela
wish: desejo, desejar
within: dentro de
without: sem
words: palavras
work: trabalho, trabalhar, funcionar
worker: worker, trabalhador
workflow: workflow, fluxo de trabalho
workspace: workspace, espaço de trabalho
world: mundo
worth: vale a pena, valor
wrap: encapsular, envolver
wrapper: wrapper, invólucro
write: escrever, gravar
written: escrito
wrong: errado
www: www
yaml: yaml
year: ano
yes: sim
yet: ainda, porém
yml: yml
yyyy: aaaa
zero: zero
"""

DUTCH: Final = """\
ability: vermogen, mogelijkheid, capaciteit
able: in staat, kunnen
absolute: absoluut
abstraction: abstractie, abstractielaag
accepted: geaccepteerd, aanvaard, goedgekeurd
access: toegang, toegangsrechten, benaderen, openen
accidentally: per ongeluk, onbedoeld
according: volgens, overeenkomstig
account: account, rekening, gebruikersaccount
accurate: nauwkeurig, accuraat, correct
achieve: bereiken, realiseren
across: over, verspreid over, in alle
act: handelen, optreden, fungeren, wet
action: actie, handeling
active: actief
actual: werkelijk, daadwerkelijk, feitelijk
adapter: adapter
add: toevoegen
additional: extra, aanvullend, bijkomend
address: adres, aanpakken, adresseren
adjust: aanpassen, bijstellen
admin: admin, beheerder
administrators: beheerders, administrators
adoption: adoptie, invoering, ingebruikname
adr: adr
advanced: geavanceerd
advantages: voordelen
affects: beïnvloedt, raakt, heeft invloed op
agent: agent
aggregation: aggregatie
agnostic: onafhankelijk, agnostisch
agreed: overeengekomen, afgesproken
agreement: overeenkomst, afspraak, akkoord
ahead: vooruit, vooraf
aim: doel, streven, beogen
align: afstemmen, uitlijnen, in lijn brengen
allow: toestaan, mogelijk maken
along: langs, samen met
alongside: naast, samen met
alpha: alpha, alfa
already: al, reeds
alternative: alternatief
although: hoewel, alhoewel
always: altijd
amazon: amazon
amended: gewijzigd, aangepast
among: onder, tussen
amount: hoeveelheid, aantal, bedrag
analysis: analyse
annotation: annotatie
another: een ander, nog een
answer: antwoord, beantwoorden
anyone: iedereen, iemand
anything: alles, iets
anyway: hoe dan ook, toch
apache: apache
api: api
app: app, applicatie
appear: verschijnen, lijken
application: applicatie, toepassing
apply: toepassen, van toepassing zijn
approach: aanpak, benadering
appropriate: geschikt, passend
approved: goedgekeurd
arbitrary: willekeurig
architecture: architectuur
archive: archief, archiveren
area: gebied, domein
argument: argument
around: rond, rondom, ongeveer
articles: artikelen
asked: gevraagd
aspects: aspecten
assessment: beoordeling, evaluatie
assets: assets, middelen, bestanden
assigned: toegewezen
associated: geassocieerd, bijbehorend, gekoppeld
assume: aannemen, veronderstellen
assumptions: aannames, veronderstellingen
async: async, asynchroon
asynchronous: asynchroon
attached: bijgevoegd, gekoppeld
attack: aanval, aanvallen
attempt: poging, proberen
attribute: attribuut, eigenschap
audit: audit, controle
auth: auth, authenticatie
authentication: authenticatie
authorization: autorisatie
auto: auto, automatisch
automated: geautomatiseerd
automatically: automatisch
available: beschikbaar
avoid: vermijden, voorkomen
aware: bewust, op de hoogte
away: weg
aws: aws
back: terug, achterkant
backend: backend
background: achtergrond
backup: back-up, backup
backwards: achterwaarts, terug
bad: slecht
balancer: balancer, loadbalancer
based: gebaseerd
basic: basis, eenvoudig
basis: basis, grondslag
become: worden
begin: beginnen, begin
behavior: gedrag
behaviour: gedrag
behind: achter
believe: geloven, denken
belongs: hoort bij, behoort
benefits: voordelen
besides: behalve, naast
best: beste, best
beta: beta, bèta
better: beter
beyond: voorbij, buiten
big: groot
bit: beetje, bit
blob: blob
block: blok, blokkeren
blog: blog
body: body, inhoud
bound: gebonden, grens
boundary: grens
box: doos, vak
branch: branch, tak
breaking: brekend, breaking
bring: brengen
broad: breed
broader: breder
broken: kapot, stuk, defect
browser: browser
bucket: bucket
bug: bug, fout
build: build, bouwen
built: gebouwd
bullet: opsommingsteken, bullet
bundle: bundel, bundelen
burden: last
business: business, bedrijf, zakelijk
cache: cache, cachen
call: aanroep, aanroepen
came: kwam
capabilities: mogelijkheden, capaciteiten
capacity: capaciteit
capture: vastleggen
care: zorg, geven om
carry: dragen, meenemen
case: geval, situatie, use case
catch: vangen, afvangen
cause: oorzaak, veroorzaken
central: centraal
certain: bepaald, zeker
certificate: certificaat
chain: keten
challenges: uitdagingen
chance: kans
changes: wijzigingen, veranderingen, wijzigt, verandert
channel: kanaal
check: controle, controleren, check
choice: keuze
choose: kiezen
chose: koos, gekozen
chosen: gekozen
claim: claim, bewering, claimen
class: klasse
clean: schoon, opschonen
clear: duidelijk, wissen
cli: cli
client: client
clone: clone, klonen
closed: gesloten
cloud: cloud
cluster: cluster
code: code
codebase: codebase
collaboration: samenwerking
collection: verzameling, collectie
column: kolom
combination: combinatie
comes: komt
command: commando, opdracht
comment: opmerking, commentaar
commit: commit, committen
committer: committer
common: gemeenschappelijk, gebruikelijk, veelvoorkomend
communication: communicatie
community: community, gemeenschap
compared: vergeleken
comparison: vergelijking
compatible: compatibel
compile: compileren
complete: volledig, voltooien, afronden
complexity: complexiteit
compliant: conform, compliant
complicated: ingewikkeld
components: componenten
compose: samenstellen, compose
composition: compositie, samenstelling
comprehensive: uitgebreid, volledig
compromise: compromis
compute: compute, berekenen
concepts: concepten
concerns: zorgen, aandachtspunten
conditions: voorwaarden, condities
confidence: vertrouwen
configuration: configuratie
confirm: bevestigen
conflict: conflict
conformance: conformiteit
confusion: verwarring
connection: verbinding, connectie
cons: nadelen
consequences: gevolgen, consequenties
considerations: overwegingen
considered: overwogen, beschouwd
consistent: consistent
consolidate: consolideren, samenvoegen
constant: constante, constant
constrained: beperkt
constraints: beperkingen, randvoorwaarden
consumer: consumer, afnemer
container: container
content: inhoud, content
context: context
continue: doorgaan, voortzetten
contrast: contrast, tegenstelling
contributing: bijdragen
control: controle, beheer, besturen
convenient: handig, gemakkelijk
conventions: conventies
conversion: conversie, omzetting
convert: converteren, omzetten
copied: gekopieerd
copyright: copyright, auteursrecht
core: kern, core
corpus: corpus
correct: correct, juist, corrigeren
corresponding: bijbehorend, overeenkomstig
cost: kosten, kosten met zich meebrengen
count: aantal, tellen
coupling: koppeling
cover: dekken, afdekken
coverage: dekking, coverage
cpu: cpu
create: aanmaken, creëren, maken
creation: aanmaak, creatie
credentials: inloggegevens, credentials
critical: kritiek, kritisch
cross: kruis, overschrijden, cross
current: huidig, actueel
curve: curve
custom: aangepast, maatwerk, eigen
cycle: cyclus
data: data, gegevens
database: database
date: datum
day: dag
deal: omgaan met, deal
debugging: debuggen, debugging
deciders: beslissers
decision: beslissing, besluit
declarative: declaratief
decrease: verminderen, afname
dedicated: toegewijd, dedicated
default: standaard, default
defined: gedefinieerd
definition: definitie
delay: vertraging
delegate: delegeren
delete: verwijderen
deliberately: bewust, opzettelijk
deliver: leveren, opleveren
demand: vraag, eisen
demonstrated: aangetoond, gedemonstreerd
dependency: afhankelijkheid, dependency
deployment: deployment, uitrol
deprecated: verouderd, deprecated
derived: afgeleid
described: beschreven
description: beschrijving, omschrijving
design: ontwerp, ontwerpen, design
desired: gewenst
destination: bestemming, doel
details: details
detection: detectie, herkenning
determine: bepalen, vaststellen
dev: dev, ontwikkeling
developers: ontwikkelaars, developers
device: apparaat, device
diagram: diagram
different: verschillend, anders
difficult: moeilijk, lastig
digital: digitaal
directly: direct, rechtstreeks
directory: map, directory
disabled: uitgeschakeld
discover: ontdekken
discovery: ontdekking, discovery
discussion: discussie, bespreking
disk: schijf, disk
display: weergeven, tonen, scherm
disruption: verstoring, onderbreking
distinct: onderscheiden, verschillend, apart
distinguish: onderscheiden
distribution: distributie, verdeling
divergence: divergentie, afwijking
dns: dns
docker: docker
docs: docs, documentatie
document: document, documenteren
domain: domein
done: gedaan, klaar
double: dubbel
download: download, downloaden
downside: nadeel
draft: concept, draft, ontwerp
drawbacks: nadelen
drift: drift, afwijking
drive: drijven, aansturen, schijf
driven: gedreven, gestuurd
drivers: drivers, drijfveren
drop: laten vallen, verwijderen, droppen
due: vanwege, verschuldigd
duplicate: duplicaat, dupliceren
dynamic: dynamisch
earlier: eerder
early: vroeg
ease: gemak
easier: makkelijker, eenvoudiger
easily: gemakkelijk, eenvoudig
easy: makkelijk, eenvoudig
ecosystem: ecosysteem
edge: rand, edge
edit: bewerken, wijzigen
editor: editor
effectively: effectief, in feite
efficient: efficiënt
effort: inspanning, moeite
either: een van beide, ofwel
elements: elementen
else: anders
elsewhere: elders
embed: insluiten, embedden
embedding: embedding, insluiting
enable: inschakelen, mogelijk maken
encoding: codering, encoding
encounter: tegenkomen
encourages: stimuleert, moedigt aan
encryption: versleuteling, encryptie
end: einde, eindigen
endpoint: endpoint
enforce: afdwingen, handhaven
engine: engine
enhanced: verbeterd, uitgebreid
enough: genoeg, voldoende
ensure: zorgen dat, garanderen, waarborgen
enter: invoeren, binnengaan
entire: gehele, volledige
entity: entiteit
entries: items, vermeldingen, regels
environment: omgeving
equivalent: equivalent, gelijkwaardig
error: fout, foutmelding
especially: vooral, met name
essentially: in wezen, eigenlijk
established: gevestigd, vastgesteld
etc: enz, etc
evaluate: evalueren, beoordelen
even: zelfs, even
event: event, gebeurtenis
eventually: uiteindelijk
ever: ooit
every: elke, ieder
everything: alles
evidence: bewijs
evolve: evolueren, zich ontwikkelen
exactly: precies, exact
example: voorbeeld
exception: uitzondering, exception
excluded: uitgesloten
exclusive: exclusief
execution: uitvoering
existing: bestaand
expand: uitbreiden
expected: verwacht
expensive: duur, kostbaar
experience: ervaring
experimental: experimenteel
explicit: expliciet
explore: verkennen, onderzoeken
export: export, exporteren
expose: blootstellen, beschikbaar stellen, exposen
express: uitdrukken
extend: uitbreiden
extension: extensie, uitbreiding
external: extern
extra: extra
extract: extraheren, uitpakken
facilitate: faciliteren, vergemakkelijken
facing: geconfronteerd met, gericht op
fact: feit
fail: falen, mislukken
failure: storing, fout, falen
fairly: redelijk, vrij
fallback: fallback, terugvaloptie
falls: valt
false: onwaar, false, vals
familiar: bekend, vertrouwd
far: ver
fast: snel
faster: sneller
features: functies, features, functionaliteiten
feedback: feedback, terugkoppeling
feel: voelen
fetch: ophalen
fewer: minder
field: veld
figure: figuur, uitzoeken
file: bestand
fill: vullen, invullen
filter: filter, filteren
final: definitief, laatste
find: vinden
fine: prima, fijn
first: eerst, eerste
fit: passen, geschikt
fixed: vast, opgelost
flag: vlag, flag
flexibility: flexibiliteit
flow: flow, stroom
focus: focus, zich richten op
folder: map
following: volgend
force: forceren, kracht
format: formaat, opmaak
forms: formulieren, vormen
forward: vooruit, doorsturen
found: gevonden
four: vier
framework: framework, raamwerk
free: gratis, vrij
frequently: vaak, regelmatig
friction: frictie, wrijving
friendly: vriendelijk
front: voorkant
frontend: frontend
full: volledig, vol
fully: volledig
functionality: functionaliteit
future: toekomst, toekomstig
gain: winst, winnen
gap: kloof, hiaat, gat
general: algemeen
generation: generatie
generic: generiek
get: krijgen, ophalen
git: git
github: github
give: geven
given: gegeven
global: globaal, wereldwijd
goal: doel
goes: gaat
going: gaan
good: goed
google: google
got: kreeg, gekregen
gov: gov, overheid
governance: governance, beheer
grained: grained, korrelig
grants: toekent, verleent, rechten
granularity: granulariteit
graph: grafiek, graaf
great: geweldig, groot
greater: groter
group: groep
growing: groeiend
guarantees: garanties, garandeert
guidance: begeleiding, richtlijnen
guide: gids, handleiding
guidelines: richtlijnen
hand: hand
handle: afhandelen, verwerken
happen: gebeuren
hard: moeilijk, hard
harder: moeilijker
header: header
heading: kop, koptekst
health: gezondheid, health
heavily: zwaar, sterk
heavy: zwaar
help: hulp, helpen
hence: daarom, vandaar
high: hoog
higher: hoger
highlighter: highlighter, markeerstift
historical: historisch
history: geschiedenis, historie
holds: bevat, houdt
hook: hook
host: host, hosten
hours: uren
however: echter, maar
html: html
http: http
https: https
huge: enorm
human: mens, menselijk
idea: idee
ideally: idealiter
identify: identificeren
identity: identiteit
ids: ids, id's
ignore: negeren
image: afbeelding, image
immediately: onmiddellijk, direct
immutable: onveranderlijk, immutable
impact: impact, invloed
implementation: implementatie
implicitly: impliciet
important: belangrijk
impossible: onmogelijk
improve: verbeteren
incident: incident
include: opnemen, bevatten, includeren
incoming: inkomend
inconsistent: inconsistent
incorrectly: onjuist, verkeerd
increase: verhogen, toename
incremental: incrementeel
independent: onafhankelijk
index: index
indicate: aangeven
individual: individueel, afzonderlijk
info: info
information: informatie
infrastructure: infrastructuur
initial: initieel, eerste
injected: geïnjecteerd
input: invoer, input
inside: binnen, binnenin
inspect: inspecteren
install: installeren
instance: instantie, instance
instead: in plaats daarvan
integration: integratie
intended: bedoeld
intent: intentie, bedoeling
interaction: interactie
interest: interesse, belang
interface: interface
internal: intern
internet: internet
introduce: introduceren, invoeren
intuitive: intuïtief
invalid: ongeldig
investigated: onderzocht
invoke: aanroepen
involves: omvat, houdt in
iso: iso
isolation: isolatie
issuecomment: issuecomment
issues: issues, problemen
item: item
iteration: iteratie
javascript: javascript
job: job, taak
join: join, samenvoegen, deelnemen
json: json
just: gewoon, net, alleen
keep: behouden, houden
kept: behouden, bewaard
key: sleutel, key
kind: soort
know: weten, kennen
knowledge: kennis
known: bekend
label: label
lack: gebrek, ontbreken
language: taal
large: groot
larger: groter
last: laatste
latency: latentie, latency
later: later
latest: nieuwste, laatste
layer: laag
lead: leiden, lead
leaked: gelekt, uitgelekt
lean: lean, slank
learning: leren, leercurve
least: minst
leave: verlaten, laten
left: links, over
legacy: legacy, verouderd
length: lengte
less: minder
lets: laat, maakt mogelijk
level: niveau
leverage: benutten, gebruikmaken van
library: bibliotheek, library
license: licentie
life: leven
lifecycle: levenscyclus, lifecycle
light: licht
lightweight: lichtgewicht
like: zoals, leuk vinden
limited: beperkt
line: regel, lijn
links: links
list: lijst
little: weinig, klein
live: live, leven
load: belasting, laden, load
local: lokaal
location: locatie
lock: vergrendeling, lock, vergrendelen
log: log, loggen
logic: logica
login: login, inloggen
long: lang
longer: langer
look: kijken, uiterlijk
lose: verliezen
loss: verlies
lost: verloren
lot: veel
low: laag
lower: lager
machine: machine
made: gemaakt
madr: madr
main: hoofd, belangrijkste
maintain: onderhouden
maintenance: onderhoud
major: major, groot, belangrijk
make: maken
management: beheer, management
manifest: manifest
manner: manier, wijze
manual: handmatig, handleiding
many: veel
mapping: mapping, koppeling
mark: markeren
markdown: markdown
master: master, hoofd
match: overeenkomen, matchen
matter: ertoe doen, kwestie
maturity: volwassenheid
max: max, maximum
may: mag, kan
means: betekent, middelen
meant: bedoeld
measured: gemeten
mechanism: mechanisme
medium: medium, middel
meet: voldoen aan, ontmoeten
members: leden
memory: geheugen
mentioned: genoemd, vermeld
merge: merge, samenvoegen, mergen
message: bericht
metadata: metadata
method: methode
metrics: metrieken, metrics
michael: michael
might: zou kunnen, misschien
migration: migratie
mind: gedachte, rekening houden met
minimal: minimaal
minimum: minimum
minor: minor, klein
minutes: minuten
missing: ontbrekend
mitigate: beperken, mitigeren
mix: mix, mengen
mock: mock
mode: modus
model: model
modern: modern
modification: wijziging, aanpassing
modified: gewijzigd, aangepast
module: module
monitoring: monitoring, bewaking
month: maand
mostly: meestal, grotendeels
move: verplaatsen
much: veel
multi: multi
multiple: meerdere
must: moet
name: naam
native: native
nature: aard
navigate: navigeren
necessary: nodig, noodzakelijk
need: nodig hebben, behoefte
negative: negatief
neither: geen van beide
net: net
network: netwerk
never: nooit
new: nieuw
newer: nieuwer
newest: nieuwste
next: volgende
nice: mooi, fijn
node: node, knooppunt
none: geen
normal: normaal
notably: met name, vooral
note: notitie, opmerking
nothing: niets
notice: merken, melding
notification: notificatie, melding
now: nu
null: null
number: nummer, aantal
nygard: nygard
object: object
observability: observability, observeerbaarheid
obtain: verkrijgen
occur: optreden, voorkomen
offer: bieden, aanbieden
official: officieel
often: vaak
old: oud
older: ouder
onboarding: onboarding
one: een, één
ongoing: lopend, doorlopend
online: online
onto: op
open: open, openen
operations: operaties, bewerkingen
opinionated: opinionated, eigenzinnig
opt: kiezen
optimized: geoptimaliseerd
option: optie
order: volgorde, bestelling
org: org
organisation: organisatie
organization: organisatie
original: origineel, oorspronkelijk
others: anderen
otherwise: anders
outcome: uitkomst, resultaat
outlined: beschreven, uiteengezet
output: uitvoer, output
outside: buiten
overall: algemeen, totaal
overhead: overhead
overlap: overlap, overlappen
override: overschrijven, override
overview: overzicht
owned: eigendom van
owner: eigenaar
ownership: eigenaarschap
packages: pakketten, packages
page: pagina
pair: paar
parameters: parameters
parent: ouder, bovenliggend
parse: parsen, ontleden
part: deel, onderdeel
partial: gedeeltelijk
particular: specifiek, bepaald
party: partij
pass: doorgeven, slagen
password: wachtwoord
past: verleden
patch: patch
path: pad
pattern: patroon
pay: betalen
pending: in behandeling, openstaand
people: mensen
performance: performance, prestaties
period: periode
permissions: rechten, permissies
persistent: persistent, blijvend
person: persoon
phase: fase
pick: kiezen
piece: stuk
pipeline: pipeline
place: plaats, plek
plain: plat, eenvoudig
plan: plan, plannen
platform: platform
play: spelen
plugin: plugin
plus: plus
png: png
point: punt
policy: beleid, policy
popular: populair
port: poort, port
pose: vormen
positive: positief
possible: mogelijk
post: post, bericht, posten
postgres: postgres
postgresql: postgresql
potentially: mogelijk, potentieel
power: kracht
practice: praktijk
pre: pre, voor
precision: precisie
predictable: voorspelbaar
preferred: voorkeur, geprefereerd
prefix: prefix, voorvoegsel
present: aanwezig, presenteren
preserve: behouden
prevent: voorkomen
previous: vorige, eerdere
pricing: prijzen, prijsstelling
primarily: voornamelijk
primary: primair
principle: principe
prior: eerder
privacy: privacy
private: privé, private
privileged: bevoorrecht, privileged
probably: waarschijnlijk
problem: probleem
procedural: procedureel
proceed: doorgaan
process: proces, verwerken
produce: produceren
production: productie
profile: profiel
progress: voortgang
project: project
promise: belofte, promise
promoting: bevorderen
prone: gevoelig, vatbaar
proof: bewijs
propagate: propageren
properly: goed, correct
properties: eigenschappen
proposed: voorgesteld
pros: voordelen
protection: bescherming
protocol: protocol
provenance: herkomst, provenance
proves: bewijst
provide: bieden, leveren
provisioning: provisioning
proxy: proxy
prs: prs
public: publiek, openbaar
published: gepubliceerd
pull: pull, ophalen, trekken
pure: puur
purpose: doel
push: pushen, duwen
put: zetten, plaatsen
python: python
quality: kwaliteit
query: query, opvragen
question: vraag
queue: wachtrij, queue
quickly: snel
quirks: eigenaardigheden
quite: vrij, nogal
raised: verhoogd, opgeworpen
range: bereik
rate: snelheid, tempo
rather: eerder, liever
raw: ruw
reach: bereiken
react: react, reageren
read: lezen
readable: leesbaar
readme: readme
ready: klaar, gereed
real: echt
really: echt, werkelijk
reason: reden
rebuild: herbouwen, opnieuw bouwen
received: ontvangen
recent: recent
recommended: aanbevolen
record: record, vastleggen
redirect: redirect, omleiden, doorverwijzen
reduce: verminderen, verkleinen
reduction: vermindering, reductie
refactor: refactoren, refactor
reference: referentie, verwijzing
referenced: verwezen, gerefereerd
reflect: weerspiegelen
refresh: verversen, refresh
regarding: betreffende, met betrekking tot
regardless: ongeacht
registered: geregistreerd
registration: registratie
registry: registry, register
regular: regulier, gewoon
rejected: afgewezen
related: gerelateerd
relationship: relatie
release: release, uitgave, vrijgeven
relevant: relevant
reliable: betrouwbaar
rely: vertrouwen op, afhankelijk zijn
remain: blijven
remember: onthouden
remote: remote, extern
remove: verwijderen
rename: hernoemen
rendering: rendering, weergave
repeated: herhaald
replace: vervangen
replication: replicatie
report: rapport, melden
repository: repository
represent: vertegenwoordigen, representeren
representation: representatie, weergave
request: verzoek, request
required: vereist, verplicht
research: onderzoek
resolved: opgelost
resources: resources, middelen, bronnen
respective: respectievelijk
response: antwoord, response
rest: rest
restore: herstellen
restrict: beperken
result: resultaat
retrieve: ophalen
return: teruggeven, retourneren
reuse: hergebruik, hergebruiken
review: review, beoordelen
rework: herwerken
rewrite: herschrijven
rfc: rfc
right: juist, recht, rechts
risk: risico
robust: robuust
role: rol
roll: rollen, uitrollen
root: root, wortel
rotation: rotatie
round: ronde, rond
routing: routing
row: rij
rule: regel
run: uitvoeren, draaien
runtime: runtime
safe: veilig
said: gezegd
save: opslaan
says: zegt
scalability: schaalbaarheid
scale: schaal, schalen
scan: scannen, scan
scenario: scenario
scheduling: planning, scheduling
schema: schema
scheme: schema
scope: scope, reikwijdte
scripts: scripts
search: zoeken
second: tweede
secrets: secrets, geheimen
section: sectie
security: beveiliging
see: zien
seems: lijkt
seen: gezien
select: selecteren
self: zelf
semantics: semantiek
send: versturen, verzenden
sense: zin
sensitive: gevoelig
sent: verzonden
separate: apart, gescheiden, scheiden
sequence: volgorde, reeks
serialized: geserialiseerd
serve: serveren, bedienen
server: server
service: service, dienst
session: sessie
set: instellen, set
setup: setup, opzet, installatie
several: meerdere, verscheidene
shape: vorm
shared: gedeeld
shift: verschuiving
short: kort
show: tonen
shown: getoond
side: kant
signed: ondertekend, gesigneerd
significant: significant, aanzienlijk
similar: vergelijkbaar
simple: eenvoudig, simpel
simpler: eenvoudiger
simplify: vereenvoudigen
simply: eenvoudigweg, gewoon
since: sinds, aangezien
single: enkel
site: site
situation: situatie
size: grootte
skip: overslaan
slack: slack
slightly: iets, lichtjes
slow: traag
small: klein
smaller: kleiner
snapshot: snapshot
software: software
solely: uitsluitend
solution: oplossing
solve: oplossen
something: iets
sometimes: soms
somewhat: enigszins
sort: soort, sorteren
source: bron
space: ruimte
spec: spec, specificatie
special: speciaal
specific: specifiek
specified: opgegeven, gespecificeerd
speed: snelheid
split: splitsen
src: src
stable: stabiel
stack: stack
staging: staging
standalone: standalone, zelfstandig
standard: standaard
start: start, starten
state: toestand, status, state
statement: statement, verklaring
static: statisch
status: status
stay: blijven
step: stap
still: nog steeds
stop: stoppen
storage: opslag
store: opslaan, winkel
story: story, verhaal
straight: recht
straightforward: eenvoudig, rechttoe rechtaan
strategy: strategie
stream: stream, stroom
strict: strikt
string: string
strong: sterk
structure: structuur
style: stijl
sub: sub
subject: onderwerp
submit: indienen
subsequent: daaropvolgend
subset: subset, deelverzameling
success: succes
successor: opvolger
sufficient: voldoende
suggest: voorstellen
suitable: geschikt
suite: suite
summary: samenvatting
superseded: vervangen
supplied: aangeleverd, geleverd
support: ondersteuning, ondersteunen
sure: zeker
surface: oppervlak
sustainability: duurzaamheid
switch: overstappen, switch, schakelen
sync: sync, synchroniseren
synchronization: synchronisatie
syntax: syntax, syntaxis
system: systeem
table: tabel
tags: tags
take: nemen
taken: genomen
target: doel, target
task: taak
team: team
technical: technisch
technology: technologie
template: template, sjabloon
term: term
termination: beëindiging
test: test, testen
text: tekst
therefore: daarom
things: dingen
think: denken
thinkrelevance: thinkrelevance
third: derde
though: hoewel
thought: gedachte, dacht
three: drie
throughout: overal in, gedurende
thus: dus
tied: gebonden
tightly: strak, nauw
time: tijd
title: titel
tls: tls
together: samen
token: token
tool: tool
top: top, bovenkant
topic: onderwerp
total: totaal
touch: aanraken
towards: naar, richting
traces: traces
track: bijhouden, volgen
trade: afweging
traffic: verkeer
trail: spoor
transfer: overdracht, overdragen
transition: overgang, transitie
translations: vertalingen
traversal: traversal
treat: behandelen
tree: boom
trigger: trigger, triggeren
true: waar, true
trust: vertrouwen
truth: waarheid
try: proberen
turn: beurt, draaien
tutorials: tutorials
two: twee
type: type
typically: doorgaans, typisch
ultimately: uiteindelijk
unable: niet in staat
unavailable: niet beschikbaar
unchanged: ongewijzigd
underlying: onderliggend
understand: begrijpen
unexpected: onverwacht
unique: uniek
unit: eenheid, unit
universal: universeel
unless: tenzij
unlike: in tegenstelling tot
unnecessary: onnodig
update: update, bijwerken
upgrade: upgrade, upgraden
upload: upload, uploaden
upon: bij, op
url: url
usability: bruikbaarheid
usage: gebruik
use: gebruiken, gebruik
user: gebruiker
usually: meestal
utilize: gebruiken, benutten
validator: validator
value: waarde
variable: variabele
variant: variant
various: diverse, verschillende
vary: variëren
vendor: leverancier, vendor
verify: verifiëren, controleren
version: versie
via: via
viable: haalbaar, levensvatbaar
view: weergave, bekijken
virtual: virtueel
visible: zichtbaar
visual: visueel
volume: volume
vulnerabilities: kwetsbaarheden
wait: wachten
wants: wil
warning: waarschuwing
way: manier
web: web
webhooks: webhooks
website: website
well: goed
whatever: wat dan ook
whenever: wanneer
whereas: terwijl
whether: of
whole: geheel
whose: wiens, waarvan
wide: breed
wider: breder
wiki: wiki
window: venster
wish: wens
within: binnen
without: zonder
words: woorden
work: werk, werken
worker: worker
workflow: workflow
workspace: werkruimte, workspace
world: wereld
worth: waard
wrap: verpakken, wrappen
wrapper: wrapper
write: schrijven
written: geschreven
wrong: verkeerd, fout
www: www
yaml: yaml
year: jaar
yes: ja
yet: nog, toch
yml: yml
yyyy: jjjj, yyyy
zero: nul
"""
