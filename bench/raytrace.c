/* raytrace: Whitted-style ray tracing of 24 spheres over a ground plane
 * with one point light, diffuse + specular shading, shadow rays and one
 * mirror bounce -- the ray-object intersection loops of 511.povray_r and
 * 526.blender_r: square roots, divisions, short branchy loops over objects.
 * The image is 64 x 48; iteration i renders the 4-row band i mod 12 and folds
 * each pixel's colour.
 * Working set: scene 24 x 64 B + one band 4 x 64 x 24 B = 7.5 KiB (L1). */
#include "bench/common.h"
#include "lib/fpmath.h"
#include "bench/workload.h"

#define RT_SPHERES 24
#define RT_WIDTH   64
#define RT_HEIGHT  48
#define RT_BAND    4
#define RT_BANDS   (RT_HEIGHT / RT_BAND)
#define RT_DEPTH   2      /* primary ray plus one reflection */
#define RT_FAR     1e30
#define RT_EPS     1e-6

struct vec3 {
	double x, y, z;
};

struct rt_sphere {
	struct vec3 center;
	double radius2;
	struct vec3 color;
	double reflect;
};

struct raytrace_arena {
	struct rt_sphere sphere[RT_SPHERES];
	struct vec3 light;
	struct vec3 band[RT_BAND][RT_WIDTH];
};

static struct vec3 v3(double x, double y, double z)
{
	return (struct vec3){ x, y, z };
}

static struct vec3 add(struct vec3 a, struct vec3 b) { return v3(a.x + b.x, a.y + b.y, a.z + b.z); }
static struct vec3 sub(struct vec3 a, struct vec3 b) { return v3(a.x - b.x, a.y - b.y, a.z - b.z); }
static struct vec3 scale(struct vec3 a, double s) { return v3(a.x * s, a.y * s, a.z * s); }
static double dot(struct vec3 a, struct vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

static struct vec3 normalize(struct vec3 a)
{
	return scale(a, 1.0 / bench_sqrt(dot(a, a)));
}

static void raytrace_setup(void *arena, size_t arena_bytes, uint64_t seed)
{
	(void)arena_bytes; /* fixed arena */
	struct raytrace_arena *a = arena;
	struct rng rng = rng_init(seed, 15);

	for (int s = 0; s < RT_SPHERES; s++) {
		struct rt_sphere *sp = &a->sphere[s];
		/* one draw per statement: argument evaluation order is unspecified in C */
		double r = 0.3 + 0.7 * rng_unit(&rng);
		sp->center.x = rng_unit(&rng) * 10.0 - 5.0;
		sp->center.y = r - 1.0;
		sp->center.z = 4.0 + rng_unit(&rng) * 10.0;
		sp->radius2 = r * r;
		sp->color.x = rng_unit(&rng);
		sp->color.y = rng_unit(&rng);
		sp->color.z = rng_unit(&rng);
		sp->reflect = rng_unit(&rng) * 0.6;
	}
	a->light = v3(-4.0, 8.0, -2.0);
}

/* Nearest hit along origin + t dir (dir normalised): sphere index, RT_SPHERES
 * for the ground plane y = -1, or -1 for none. */
static int nearest_hit(const struct raytrace_arena *a, struct vec3 origin, struct vec3 dir, double *t_hit)
{
	int hit = -1;
	double best = RT_FAR;

	for (int s = 0; s < RT_SPHERES; s++) {
		struct vec3 oc = sub(origin, a->sphere[s].center);
		double b = dot(oc, dir), c = dot(oc, oc) - a->sphere[s].radius2;
		double disc = b * b - c;
		if (disc < 0)
			continue;
		double root = bench_sqrt(disc), t = -b - root;
		if (t < RT_EPS)
			t = -b + root;
		if (t > RT_EPS && t < best) {
			best = t;
			hit = s;
		}
	}
	if (dir.y < -RT_EPS) {
		double t = (-1.0 - origin.y) / dir.y;
		if (t > RT_EPS && t < best) {
			best = t;
			hit = RT_SPHERES;
		}
	}
	*t_hit = best;
	return hit;
}

static struct vec3 trace(const struct raytrace_arena *a, struct vec3 origin, struct vec3 dir, int depth)
{
	double t;
	int hit = nearest_hit(a, origin, dir, &t);
	if (hit < 0)
		return v3(0.2, 0.3, 0.5 + 0.5 * dir.y); /* sky */

	struct vec3 point = add(origin, scale(dir, t)), normal, color;
	double reflect;
	if (hit == RT_SPHERES) {
		normal = v3(0.0, 1.0, 0.0);
		int check = ((int)(point.x + 100.0) + (int)(point.z + 100.0)) & 1;
		color = check ? v3(0.9, 0.9, 0.9) : v3(0.2, 0.2, 0.2);
		reflect = 0.2;
	} else {
		normal = normalize(sub(point, a->sphere[hit].center));
		color = a->sphere[hit].color;
		reflect = a->sphere[hit].reflect;
	}
	struct vec3 to_light = normalize(sub(a->light, point));
	double diffuse = dot(normal, to_light), lit = 0.1;
	if (diffuse > 0) {
		double t_shadow;
		struct vec3 from = add(point, scale(normal, 1e-4));
		if (nearest_hit(a, from, to_light, &t_shadow) < 0) {
			struct vec3 half = normalize(sub(to_light, dir));
			double spec = dot(normal, half);
			spec = spec > 0 ? spec * spec : 0.0;
			spec *= spec, spec *= spec, spec *= spec; /* ^16 */
			lit += diffuse + spec;
		}
	}
	struct vec3 out = scale(color, lit * (1.0 - reflect));
	if (depth + 1 < RT_DEPTH && reflect > 0) {
		struct vec3 r = sub(dir, scale(normal, 2.0 * dot(dir, normal)));
		out = add(out, scale(trace(a, add(point, scale(normal, 1e-4)), r, depth + 1), reflect));
	}
	return out;
}

static uint64_t raytrace_run(void *arena, uint64_t iterations)
{
	struct raytrace_arena *a = arena;
	uint64_t h = BENCH_CHECK_INIT;
	const struct vec3 eye = v3(0.0, 1.0, -4.0);

	for (uint64_t it = 0; it < iterations; it++) {
		int y0 = (int)(it % RT_BANDS) * RT_BAND;
		for (int y = 0; y < RT_BAND; y++)
			for (int x = 0; x < RT_WIDTH; x++) {
				struct vec3 dir = normalize(v3((x - RT_WIDTH / 2) / (double)RT_WIDTH,
				                               (RT_HEIGHT / 2 - (y0 + y)) / (double)RT_WIDTH, 1.0));
				a->band[y][x] = trace(a, eye, dir, 0);
			}
		for (int y = 0; y < RT_BAND; y++)
			for (int x = 0; x < RT_WIDTH; x++)
				h = bench_mix(h, bench_bits(a->band[y][x].x) ^ bench_bits(a->band[y][x].y) * 3 ^
				                 bench_bits(a->band[y][x].z) * 5);
	}
	return h;
}

const struct workload workload_raytrace = {
	.name = "raytrace",
	.class = WORKLOAD_FP,
	.summary = "ray tracing 24 spheres + plane with shadows and reflection, 4x64 pixels per iteration (povray-like)",
	.working_set = sizeof(struct raytrace_arena),
	.arena_bytes = sizeof(struct raytrace_arena),
	.setup = raytrace_setup,
	.run = raytrace_run,
	.check_iterations = 12,
};
