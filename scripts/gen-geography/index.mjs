// Generates crates/mdip-render/data/board.txt, the shapes of the board mdip-render draws.
//
//   cd scripts/gen-geography && npm ci && node index.mjs
//
// Inputs: Natural Earth's 1:50m land (public domain), as the npm package world-atlas ships it
// (land-50m.json, TopoJSON), and the project's own facts: crates/mdip-render/data/positions.txt
// (a point per province, extra points shaping a province, coasts, impassable land) and the
// standard map's terrain (crates/mdip-map/data/provinces.txt).
//
// What it computes (see crates/mdip-render/data/README.md):
// - the land inside the frame (17°W–45°E, 32°N–73°N), simplified, projected as the board
//   projects (equirectangular, margins squeezed);
// - each land province: the Voronoi cells of the land points (provinces' and impassable ones)
//   of one piece of land, clipped to that piece; a piece of land with no point (Ireland,
//   Corsica, Sicily...) is impassable;
// - each sea province: the Voronoi cells of the sea points, clipped to the water;
// - each province's anchor (its first point, moved inside the province when the coast or a
//   border passes too close to it) and the anchors of the split coasts.
//
// The output is deterministic: the same inputs give the same bytes.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { feature } from 'topojson-client';
import { presimplify, simplify } from 'topojson-simplify';
import polygonClipping from 'polygon-clipping';
import { Delaunay } from 'd3-delaunay';
import polylabel from 'polylabel';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const read = (rel) => fs.readFileSync(path.join(root, rel), 'utf8');

// The board: its size in SVG units, its frame in degrees, the squeezed margins. The Rust side
// reads the result only; these numbers are stated in data/README.md.
const WIDTH = 620;
const HEIGHT = 640;
const WEST = -17, EAST = 45, NORTH = 73, SOUTH = 32;
const SQUEEZE = 0.6;
const squeeze = (v, lo, hi) => (v < lo ? lo - (lo - v) * SQUEEZE : v > hi ? hi + (v - hi) * SQUEEZE : v);
const sx = (lon) => squeeze(lon, -5, 25);
const sy = (lat) => squeeze(lat, 36, 60);
const project = ([lon, lat]) => [
  ((sx(lon) - sx(WEST)) / (sx(EAST) - sx(WEST))) * WIDTH,
  ((sy(NORTH) - sy(lat)) / (sy(NORTH) - sy(SOUTH))) * HEIGHT,
];
// The smallest area (in square degrees, planar) a coast's bend must span to be kept.
const SIMPLIFY = 0.004;
// How far (SVG units) an anchor must be from its province's edge.
const CLEARANCE = 9;

// --- the project's facts -----------------------------------------------------------------

const terrain = new Map();
for (const line of read('crates/mdip-map/data/provinces.txt').split('\n')) {
  const t = line.trim();
  if (!t || t.startsWith('#')) continue;
  const [abbrev, kind] = t.split('|').map((f) => f.trim());
  terrain.set(abbrev, kind);
}

const sites = []; // { province, at, sea, impassable }
const coasts = []; // { coast, at }
for (const line of read('crates/mdip-render/data/positions.txt').split('\n')) {
  const t = line.trim();
  if (!t || t.startsWith('#')) continue;
  const [abbrev, lat, lon] = t.split('|').map((f) => f.trim());
  const at = project([Number(lon), Number(lat)]);
  if (abbrev.includes('/')) {
    coasts.push({ coast: abbrev, at });
  } else if (abbrev === 'impassable') {
    sites.push({ province: null, at, sea: false });
  } else {
    if (!terrain.has(abbrev)) throw new Error(`unknown province ${abbrev}`);
    sites.push({ province: abbrev, at, sea: terrain.get(abbrev) === 'sea' });
  }
}
const provinces = [...new Set(sites.filter((s) => s.province).map((s) => s.province))];
if (provinces.length !== terrain.size) throw new Error('a province has no point');

// --- geometry helpers ------------------------------------------------------------------------

const frame = [[[0, 0], [WIDTH, 0], [WIDTH, HEIGHT], [0, HEIGHT], [0, 0]]];

function insideRing(ring, [x, y]) {
  let c = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i], [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c;
  }
  return c;
}
// A polygon: [outer, ...holes].
const insidePolygon = (poly, p) => insideRing(poly[0], p) && !poly.slice(1).some((h) => insideRing(h, p));
function segmentDistance([px, py], [ax, ay], [bx, by]) {
  const dx = bx - ax, dy = by - ay;
  const l = dx * dx + dy * dy;
  const t = l === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / l));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}
function edgeDistance(poly, p) {
  let d = Infinity;
  for (const ring of poly) for (let i = 1; i < ring.length; i++) d = Math.min(d, segmentDistance(p, ring[i - 1], ring[i]));
  return d;
}
const ringArea = (r) => {
  let a = 0;
  for (let i = 1; i < r.length; i++) a += r[i - 1][0] * r[i][1] - r[i][0] * r[i - 1][1];
  return a / 2;
};
const polygonArea = (poly) => Math.abs(ringArea(poly[0])) - poly.slice(1).reduce((s, h) => s + Math.abs(ringArea(h)), 0);
const round = (v) => Math.round(v * 10) / 10;
// Rounds a multipolygon's points and drops repeated ones and slivers.
function tidy(multi) {
  const out = [];
  for (const poly of multi) {
    const rings = [];
    for (const ring of poly) {
      const r = [];
      for (const [x, y] of ring) {
        const q = [round(x), round(y)];
        const last = r[r.length - 1];
        if (!last || last[0] !== q[0] || last[1] !== q[1]) r.push(q);
      }
      if (r.length >= 4 && Math.abs(ringArea(r)) > 0.3) rings.push(r);
      else if (rings.length === 0) break; // the outer ring vanished: drop the polygon
    }
    if (rings.length) out.push(rings);
  }
  return out;
}

// --- land and water --------------------------------------------------------------------------

const topo = JSON.parse(fs.readFileSync(path.join(here, 'node_modules/world-atlas/land-50m.json'), 'utf8'));
const simple = simplify(presimplify(topo), SIMPLIFY);
const land = feature(simple, simple.objects.land);
const geoms = land.type === 'FeatureCollection' ? land.features.map((f) => f.geometry) : [land.geometry];
const lonlat = [];
for (const g of geoms) {
  if (g.type === 'Polygon') lonlat.push(g.coordinates);
  else if (g.type === 'MultiPolygon') lonlat.push(...g.coordinates);
}
// A ring crossing the antimeridian (Eurasia's, at Chukotka) is made continuous eastwards, so
// that it does not close along a parallel across the whole world.
for (const poly of lonlat) {
  for (const ring of poly) {
    if (ring.some(([x]) => x > 170) && ring.some(([x]) => x < -170)) {
      for (const q of ring) if (q[0] < -160) q[0] += 360;
    }
  }
}
const box = [[[WEST, SOUTH], [EAST, SOUTH], [EAST, NORTH], [WEST, NORTH], [WEST, SOUTH]]];
const clipped = polygonClipping.intersection(box, lonlat);
const landPieces = tidy(clipped.map((poly) => poly.map((ring) => ring.map(project))));
const water = polygonClipping.difference(frame, ...landPieces.map((p) => [p]));

// --- provinces -------------------------------------------------------------------------------

const shapes = new Map(provinces.map((p) => [p, []])); // province -> polygons
const neutral = [];

// Land: each piece of land is shared among the land points on it (a point on no piece belongs
// to the piece nearest it: a city on the shore may fall in the sea of a simplified coast).
const landSites = sites.filter((s) => !s.sea);
const pieceOf = landSites.map((s) => {
  let best = -1, bestD = Infinity;
  landPieces.forEach((poly, i) => {
    const d = insidePolygon(poly, s.at) ? 0 : edgeDistance(poly, s.at);
    if (d < bestD) [best, bestD] = [i, d];
  });
  return best;
});
landPieces.forEach((piece, i) => {
  const on = landSites.filter((_, k) => pieceOf[k] === i);
  if (on.length === 0) {
    neutral.push(piece);
    return;
  }
  const voronoi = Delaunay.from(on.map((s) => s.at)).voronoi([0, 0, WIDTH, HEIGHT]);
  on.forEach((s, k) => {
    const cell = voronoi.cellPolygon(k);
    if (!cell) return;
    const part = polygonClipping.intersection([piece], [cell]);
    if (s.province) shapes.get(s.province).push(...part);
    else neutral.push(...part);
  });
});

// Sea: the water shared among the sea points.
const seaSites = sites.filter((s) => s.sea);
const seaVoronoi = Delaunay.from(seaSites.map((s) => s.at)).voronoi([0, 0, WIDTH, HEIGHT]);
seaSites.forEach((s, k) => {
  const cell = seaVoronoi.cellPolygon(k);
  if (cell) shapes.get(s.province).push(...polygonClipping.intersection(water, [cell]));
});

// --- output ----------------------------------------------------------------------------------

const fmt = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(1));
const ringLine = (ring) => ring.slice(0, -1).map(([x, y]) => `${fmt(x)},${fmt(y)}`).join(' ');
const lines = [
  '# The board of mdip-render: generated by scripts/gen-geography (node index.mjs) from',
  "# Natural Earth's 1:50m land (public domain; npm world-atlas 2.0.2, land-50m.json) and",
  '# crates/mdip-render/data/positions.txt. Do not edit: change the inputs and generate again.',
  '# See data/README.md for the format.',
  `size ${WIDTH} ${HEIGHT}`,
];
const emit = (multi) => {
  for (const poly of multi) for (const ring of poly) lines.push(`ring ${ringLine(ring)}`);
};
for (const p of provinces) if (shapes.get(p).length === 0) console.error(`no shape: ${p}`);
for (const p of [...provinces].sort()) {
  const multi = tidy(polygonClipping.union(...shapes.get(p).map((q) => [q])));
  if (multi.length === 0) throw new Error(`${p} has no shape`);
  // The anchor: the province's first point, unless it lies outside the province or too near
  // its edge; then the point of its largest part farthest from the edge.
  let anchor = sites.find((s) => s.province === p).at;
  const holding = multi.find((poly) => insidePolygon(poly, anchor));
  if (!holding || edgeDistance(holding, anchor) < CLEARANCE) {
    const largest = holding ?? multi.reduce((a, b) => (polygonArea(b) > polygonArea(a) ? b : a));
    const inner = polylabel(largest, 0.5);
    // Keep near the city: the point halfway to the pole of inaccessibility if that is clear.
    const half = [(anchor[0] + inner[0]) / 2, (anchor[1] + inner[1]) / 2];
    anchor = insidePolygon(largest, half) && edgeDistance(largest, half) >= CLEARANCE ? half : [inner[0], inner[1]];
  }
  lines.push(`province ${p} ${terrain.get(p) === 'sea' ? 'sea' : 'land'} ${fmt(round(anchor[0]))} ${fmt(round(anchor[1]))}`);
  emit(multi);
}
for (const c of coasts) lines.push(`coast ${c.coast} ${fmt(round(c.at[0]))} ${fmt(round(c.at[1]))}`);
lines.push('impassable');
emit(tidy(polygonClipping.union(...neutral.map((q) => [q]))));
lines.push('land');
emit(landPieces);

const out = path.join(root, 'crates/mdip-render/data/board.txt');
fs.writeFileSync(out, lines.join('\n') + '\n');
console.log(`${out}: ${lines.length} lines, ${fs.statSync(out).size} bytes`);
