/*
 * PredicateBench.m - NSPredicate parse/evaluate benchmark against GNUstep Foundation,
 * the peer for Widgetry's predicate benchmarks. Prints one JSON object on stdout.
 * Build with Benchmarks/GNUstep/build; usage:
 *   predicate-bench [--records N] [--rounds R] [--parse-iterations P]
 */
#import <Foundation/Foundation.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BENCH_STRINGIFY_(x) #x
#define BENCH_STRINGIFY(x) BENCH_STRINGIFY_(x)

/* CPU time of the calling thread in nanoseconds, as the Swift side measures: on a shared
   machine, the time other processes run instead does not count. */
static double nowNanoseconds(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int compareDoubles(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Median of count values (sorts the array in place). */
static double median(double *values, int count)
{
  qsort(values, count, sizeof(double), compareDoubles);
  if (count % 2 == 1)
    return values[count / 2];
  return (values[count / 2 - 1] + values[count / 2]) / 2.0;
}

/* Writes s as a JSON string literal. */
static void printJSONString(const char *s)
{
  putchar('"');
  for (; *s != '\0'; s++)
    {
      unsigned char c = (unsigned char)*s;
      if (c == '"' || c == '\\')
        printf("\\%c", c);
      else if (c < 0x20)
        printf("\\u%04x", c);
      else
        putchar(c);
    }
  putchar('"');
}

/* Parses a positive integer option value or exits with a usage error. */
static long parsePositive(const char *option, const char *value)
{
  char *end = NULL;
  long n = value ? strtol(value, &end, 10) : 0;
  if (value == NULL || *end != '\0' || n <= 0)
    {
      fprintf(stderr, "error: %s needs a positive integer\n", option);
      exit(2);
    }
  return n;
}

/* Builds the deterministic records described in the benchmark spec. */
static NSArray *makeRecords(long count)
{
  static const char *topics[] = {"Swift", "Linux", "widgets", "swift concurrency", "JSON"};
  NSMutableArray *records = [NSMutableArray arrayWithCapacity: count];
  long i;

  for (i = 0; i < count; i++)
    {
      NSAutoreleasePool *pool = [NSAutoreleasePool new];
      NSNumber *favorites = [NSNumber numberWithLong: (i * 7919) % 100];
      NSString *text = [NSString stringWithFormat: @"Post number %ld about %s",
                                 i, topics[i % 5]];
      NSDate *timestamp = [NSDate dateWithTimeIntervalSinceReferenceDate:
                                    600000000.0 + (double)i * 60.0];
      NSDictionary *author = [NSDictionary dictionaryWithObject:
        [NSString stringWithFormat: @"user %ld", i % 1000] forKey: @"name"];
      NSDictionary *record = [NSDictionary dictionaryWithObjectsAndKeys:
        favorites, @"favoritesCount", text, @"text", timestamp, @"timestamp",
        author, @"author", nil];
      [records addObject: record];
      [pool release];
    }
  return records;
}

int main(int argc, char **argv)
{
  NSAutoreleasePool *outerPool = [NSAutoreleasePool new];
  long recordCount = 100000, rounds = 7, parseIterations = 20000;
  static const char *names[] = {"count-gt", "contains-cd-and", "keypath-beginswith", "matches"};
  static const char *formats[] = {
    "favoritesCount > 50",
    "text CONTAINS[cd] 'SWIFT' AND favoritesCount >= 10",
    "author.name BEGINSWITH 'user 1'",
    "text MATCHES '.*number [0-9]+ about.*'",
  };
  const int predicateCount = 4;
  double parseResults[4], evaluateResults[4];
  long matchResults[4];
  NSArray *records;
  double *parseTimes, *evaluateTimes;
  int argi, p;

  for (argi = 1; argi < argc; argi++)
    {
      const char *arg = argv[argi];
      const char *value = argi + 1 < argc ? argv[argi + 1] : NULL;
      if (strcmp(arg, "--records") == 0)
        recordCount = parsePositive(arg, value), argi++;
      else if (strcmp(arg, "--rounds") == 0)
        rounds = parsePositive(arg, value), argi++;
      else if (strcmp(arg, "--parse-iterations") == 0)
        parseIterations = parsePositive(arg, value), argi++;
      else
        {
          fprintf(stderr, "usage: %s [--records N] [--rounds R] [--parse-iterations P]\n",
                  argv[0]);
          return 2;
        }
    }

  records = [makeRecords(recordCount) retain];
  parseTimes = malloc(sizeof(double) * rounds);
  evaluateTimes = malloc(sizeof(double) * rounds);

  for (p = 0; p < predicateCount; p++)
    {
      NSString *format = [NSString stringWithUTF8String: formats[p]];
      NSPredicate *predicate = nil;
      long expectedMatches = -1;
      long round;

      @try
        {
          predicate = [[NSPredicate predicateWithFormat: format] retain];
        }
      @catch (NSException *e)
        {
          fprintf(stderr, "error: cannot parse %s: %s\n", formats[p],
                  [[e reason] UTF8String]);
          return 1;
        }

      /* Round -1 is the warm-up round; its times are discarded. */
      for (round = -1; round < rounds; round++)
        {
          NSAutoreleasePool *pool;
          double start, elapsed;
          long i, matches = 0;

          /* Parsing: P calls of +predicateWithFormat:. */
          pool = [NSAutoreleasePool new];
          @try
            {
              start = nowNanoseconds();
              for (i = 0; i < parseIterations; i++)
                [NSPredicate predicateWithFormat: format];
              elapsed = nowNanoseconds() - start;
            }
          @catch (NSException *e)
            {
              fprintf(stderr, "error: parsing %s failed: %s\n", formats[p],
                      [[e reason] UTF8String]);
              return 1;
            }
          [pool release];
          if (round >= 0)
            parseTimes[round] = elapsed / (double)parseIterations;

          /* Evaluation: one pass of -evaluateWithObject: over all records. */
          pool = [NSAutoreleasePool new];
          @try
            {
              start = nowNanoseconds();
              for (i = 0; i < recordCount; i++)
                if ([predicate evaluateWithObject: [records objectAtIndex: i]])
                  matches++;
              elapsed = nowNanoseconds() - start;
            }
          @catch (NSException *e)
            {
              fprintf(stderr, "error: evaluating %s failed: %s\n", formats[p],
                      [[e reason] UTF8String]);
              return 1;
            }
          [pool release];
          if (round >= 0)
            evaluateTimes[round] = elapsed / (double)recordCount;

          if (expectedMatches < 0)
            expectedMatches = matches;
          else if (matches != expectedMatches)
            {
              fprintf(stderr, "error: %s matched %ld records, then %ld\n",
                      formats[p], expectedMatches, matches);
              return 1;
            }
        }

      parseResults[p] = median(parseTimes, (int)rounds);
      evaluateResults[p] = median(evaluateTimes, (int)rounds);
      matchResults[p] = expectedMatches;
      [predicate release];
    }

  /* Hand-written JSON so that the key order is fixed. */
  printf("{\"implementation\": \"GNUstep Base %s\", \"records\": %ld, \"rounds\": %ld, "
         "\"parseIterations\": %ld, \"results\": [",
         BENCH_STRINGIFY(GNUSTEP_BASE_VERSION), recordCount, rounds, parseIterations);
  for (p = 0; p < predicateCount; p++)
    {
      printf("%s{\"name\": ", p > 0 ? ", " : "");
      printJSONString(names[p]);
      printf(", \"predicate\": ");
      printJSONString(formats[p]);
      printf(", \"parseNanoseconds\": %.1f, \"evaluateNanosecondsPerRecord\": %.1f, "
             "\"matches\": %ld}", parseResults[p], evaluateResults[p], matchResults[p]);
    }
  printf("]}\n");

  free(parseTimes);
  free(evaluateTimes);
  [records release];
  [outerPool release];
  return 0;
}
