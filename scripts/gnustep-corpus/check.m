/*
 * check.m - runs Widgetry's expression corpus (the JSON files in Tests/WidgetryExpressionsTests/Corpus)
 * against GNUstep Foundation's NSPredicate/NSExpression, used as a reference implementation.
 * Prints one line per case where GNUstep disagrees with the corpus (INDEX is the 0-based
 * position in the file's "cases" array) and a summary line. Built and run by ./run.
 *   check [--all] FILE...
 * Exit status: 0 when every file was checked (whatever GNUstep said), 1 on its own failure.
 */
#import <Foundation/Foundation.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* Seconds a single case may run before it is reported as a hang. */
#define CASE_TIMEOUT_SECONDS 10

static NSString *const JSONErrorName = @"CorpusJSONError";

/* ---- JSON reading ---- */

/*
 * A small JSON reader. NSJSONSerialization in GNUstep turns every number into a double;
 * the corpus needs integers to stay integers, so the reader is written out here.
 */
typedef struct
{
  const unsigned char *bytes;
  NSUInteger length;
  NSUInteger pos;
} JSONReader;

static id readValue(JSONReader *r);

static void failAt(JSONReader *r, NSString *what)
{
  [NSException raise: JSONErrorName format: @"%@ at byte %lu", what, (unsigned long)r->pos];
}

static void skipSpace(JSONReader *r)
{
  while (r->pos < r->length && strchr(" \t\r\n", r->bytes[r->pos]) != NULL
         && r->bytes[r->pos] != '\0')
    r->pos++;
}

static BOOL consumeLiteral(JSONReader *r, const char *literal)
{
  size_t n = strlen(literal);
  if (r->pos + n <= r->length && memcmp(r->bytes + r->pos, literal, n) == 0)
    {
      r->pos += n;
      return YES;
    }
  return NO;
}

static unsigned readHex4(JSONReader *r)
{
  unsigned value = 0;
  int i;
  if (r->pos + 4 > r->length)
    failAt(r, @"truncated \\u escape");
  for (i = 0; i < 4; i++)
    {
      unsigned char c = r->bytes[r->pos++];
      value <<= 4;
      if (c >= '0' && c <= '9') value |= c - '0';
      else if (c >= 'a' && c <= 'f') value |= c - 'a' + 10;
      else if (c >= 'A' && c <= 'F') value |= c - 'A' + 10;
      else failAt(r, @"bad \\u escape");
    }
  return value;
}

static NSString *readString(JSONReader *r)
{
  NSMutableString *result = [NSMutableString string];
  NSUInteger runStart;

  r->pos++; /* opening quote */
  runStart = r->pos;
  for (;;)
    {
      unsigned char c;
      if (r->pos >= r->length)
        failAt(r, @"unterminated string");
      c = r->bytes[r->pos];
      if (c != '"' && c != '\\')
        {
          r->pos++;
          continue;
        }
      if (r->pos > runStart)
        {
          NSString *run = [[NSString alloc] initWithBytes: r->bytes + runStart
                                                   length: r->pos - runStart
                                                 encoding: NSUTF8StringEncoding];
          if (run == nil)
            failAt(r, @"invalid UTF-8 in string");
          [result appendString: run];
          [run release];
        }
      r->pos++;
      if (c == '"')
        return result;
      /* Backslash escape. */
      if (r->pos >= r->length)
        failAt(r, @"unterminated escape");
      c = r->bytes[r->pos++];
      switch (c)
        {
          case '"': [result appendString: @"\""]; break;
          case '\\': [result appendString: @"\\"]; break;
          case '/': [result appendString: @"/"]; break;
          case 'b': [result appendString: @"\b"]; break;
          case 'f': [result appendString: @"\f"]; break;
          case 'n': [result appendString: @"\n"]; break;
          case 'r': [result appendString: @"\r"]; break;
          case 't': [result appendString: @"\t"]; break;
          case 'u':
            {
              unichar units[2];
              NSUInteger count = 1;
              units[0] = (unichar)readHex4(r);
              if (units[0] >= 0xD800 && units[0] < 0xDC00 && consumeLiteral(r, "\\u"))
                units[count++] = (unichar)readHex4(r);
              [result appendString: [NSString stringWithCharacters: units length: count]];
              break;
            }
          default:
            failAt(r, @"bad escape");
        }
      runStart = r->pos;
    }
}

/* JSON integers become integer NSNumbers (when they fit in long long), others doubles. */
static NSNumber *readNumber(JSONReader *r)
{
  NSUInteger start = r->pos;
  BOOL isInteger = YES;
  char buffer[64];
  char *end;

  while (r->pos < r->length && strchr("+-0123456789.eE", r->bytes[r->pos]) != NULL
         && r->bytes[r->pos] != '\0')
    {
      if (strchr(".eE", r->bytes[r->pos]) != NULL)
        isInteger = NO;
      r->pos++;
    }
  if (r->pos - start == 0 || r->pos - start >= sizeof(buffer))
    failAt(r, @"bad number");
  memcpy(buffer, r->bytes + start, r->pos - start);
  buffer[r->pos - start] = '\0';
  if (isInteger)
    {
      long long value;
      errno = 0;
      value = strtoll(buffer, &end, 10);
      if (*end == '\0' && errno == 0)
        return [NSNumber numberWithLongLong: value];
    }
  {
    double value = strtod(buffer, &end);
    if (*end != '\0')
      failAt(r, @"bad number");
    return [NSNumber numberWithDouble: value];
  }
}

static id readValue(JSONReader *r)
{
  unsigned char c;

  skipSpace(r);
  if (r->pos >= r->length)
    failAt(r, @"unexpected end of JSON");
  c = r->bytes[r->pos];
  if (c == '"')
    return readString(r);
  if (c == '{')
    {
      NSMutableDictionary *object = [NSMutableDictionary dictionary];
      r->pos++;
      skipSpace(r);
      if (r->pos < r->length && r->bytes[r->pos] == '}')
        {
          r->pos++;
          return object;
        }
      for (;;)
        {
          NSString *key;
          skipSpace(r);
          if (r->pos >= r->length || r->bytes[r->pos] != '"')
            failAt(r, @"expected an object key");
          key = readString(r);
          skipSpace(r);
          if (!consumeLiteral(r, ":"))
            failAt(r, @"expected ':'");
          [object setObject: readValue(r) forKey: key];
          skipSpace(r);
          if (consumeLiteral(r, ","))
            continue;
          if (consumeLiteral(r, "}"))
            return object;
          failAt(r, @"expected ',' or '}'");
        }
    }
  if (c == '[')
    {
      NSMutableArray *array = [NSMutableArray array];
      r->pos++;
      skipSpace(r);
      if (r->pos < r->length && r->bytes[r->pos] == ']')
        {
          r->pos++;
          return array;
        }
      for (;;)
        {
          [array addObject: readValue(r)];
          skipSpace(r);
          if (consumeLiteral(r, ","))
            continue;
          if (consumeLiteral(r, "]"))
            return array;
          failAt(r, @"expected ',' or ']'");
        }
    }
  if (consumeLiteral(r, "true"))
    return [NSNumber numberWithBool: YES];
  if (consumeLiteral(r, "false"))
    return [NSNumber numberWithBool: NO];
  if (consumeLiteral(r, "null"))
    return [NSNull null];
  return readNumber(r);
}

/* Parses a whole JSON document; raises JSONErrorName on malformed input. */
static id parseJSON(NSData *data)
{
  JSONReader r = {[data bytes], [data length], 0};
  id value = readValue(&r);
  skipSpace(&r);
  if (r.pos != r.length)
    failAt(&r, @"trailing characters");
  return value;
}

/* ---- Dates ---- */

/* Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm). */
static long long daysFromCivil(long long y, unsigned m, unsigned d)
{
  long long era;
  unsigned yoe, doy, doe;
  y -= m <= 2;
  era = (y >= 0 ? y : y - 399) / 400;
  yoe = (unsigned)(y - era * 400);
  doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + (long long)doe - 719468;
}

/* Parses ISO 8601 "YYYY-MM-DDTHH:MM:SS[.fff][Z|±HH:MM]"; nil when malformed. */
static NSDate *parseISODate(NSString *string)
{
  const char *s = [string UTF8String];
  int year, month, day, hour, minute, second, consumed = 0;
  double fraction = 0, offset = 0, seconds;

  if (sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2d%n", &year, &month, &day, &hour, &minute,
             &second, &consumed) != 6 || consumed != 19)
    return nil;
  s += consumed;
  if (*s == '.' || *s == ',')
    {
      double scale = 0.1;
      for (s++; *s >= '0' && *s <= '9'; s++, scale /= 10)
        fraction += (*s - '0') * scale;
    }
  if (*s == 'Z')
    s++;
  else if (*s == '+' || *s == '-')
    {
      int oh = 0, om = 0, sign = *s == '-' ? -1 : 1;
      if (sscanf(s + 1, "%2d:%2d%n", &oh, &om, &consumed) == 2 && consumed == 5)
        s += 6;
      else if (sscanf(s + 1, "%2d%2d%n", &oh, &om, &consumed) == 2 && consumed == 4)
        s += 5;
      else
        return nil;
      offset = sign * (oh * 3600 + om * 60);
    }
  if (*s != '\0')
    return nil;
  seconds = (double)daysFromCivil(year, month, day) * 86400.0
    + hour * 3600 + minute * 60 + second + fraction - offset;
  return [NSDate dateWithTimeIntervalSince1970: seconds];
}

/* ISO 8601 in UTC, with milliseconds only when they are not zero. */
static NSString *formatISODate(NSDate *date)
{
  long long ms = llround([date timeIntervalSince1970] * 1000.0);
  long long secs = ms >= 0 ? ms / 1000 : -((-ms + 999) / 1000);
  int millis = (int)(ms - secs * 1000);
  time_t t = (time_t)secs;
  struct tm tm;
  char buffer[64];

  gmtime_r(&t, &tm);
  strftime(buffer, sizeof(buffer), "%Y-%m-%dT%H:%M:%S", &tm);
  if (millis != 0)
    return [NSString stringWithFormat: @"%s.%03dZ", buffer, millis];
  return [NSString stringWithFormat: @"%sZ", buffer];
}

/* ---- Corpus values ---- */

/* Replaces the {"$date": …} and {"$set": […]} wrappers with NSDate and NSSet. */
static id decodeValue(id value)
{
  if ([value isKindOfClass: [NSArray class]])
    {
      NSMutableArray *array = [NSMutableArray array];
      NSEnumerator *e = [value objectEnumerator];
      id element;
      while ((element = [e nextObject]) != nil)
        [array addObject: decodeValue(element)];
      return array;
    }
  if ([value isKindOfClass: [NSDictionary class]])
    {
      NSMutableDictionary *dict;
      NSEnumerator *e;
      id key;
      if ([value count] == 1)
        {
          id date = [value objectForKey: @"$date"];
          id set = [value objectForKey: @"$set"];
          if ([date isKindOfClass: [NSString class]])
            {
              NSDate *parsed = parseISODate(date);
              if (parsed == nil)
                [NSException raise: JSONErrorName format: @"bad $date %@", date];
              return parsed;
            }
          if ([set isKindOfClass: [NSArray class]])
            return [NSSet setWithArray: decodeValue(set)];
        }
      dict = [NSMutableDictionary dictionary];
      e = [value keyEnumerator];
      while ((key = [e nextObject]) != nil)
        [dict setObject: decodeValue([value objectForKey: key]) forKey: key];
      return dict;
    }
  return value;
}

static BOOL isBoolNumber(id value)
{
  static Class boolClass = Nil;
  if (boolClass == Nil)
    boolClass = [[NSNumber numberWithBool: YES] class];
  return [value isKindOfClass: [NSNumber class]]
    && ([value class] == boolClass || strcmp([value objCType], @encode(BOOL)) == 0
        || strcmp([value objCType], "B") == 0);
}

static BOOL isFloatingNumber(NSNumber *n)
{
  const char *type = [n objCType];
  return strcmp(type, "d") == 0 || strcmp(type, "f") == 0;
}

/* Shortest %g form that reads back as the same double. */
static NSString *formatDouble(double d)
{
  char buffer[64];
  int precision;
  if (isnan(d) || isinf(d))
    return [NSString stringWithFormat: @"\"%g\"", d];
  for (precision = 15; precision <= 17; precision++)
    {
      snprintf(buffer, sizeof(buffer), "%.*g", precision, d);
      if (strtod(buffer, NULL) == d)
        break;
    }
  return [NSString stringWithUTF8String: buffer];
}

static NSString *quoteJSONString(NSString *s)
{
  NSMutableString *out = [NSMutableString stringWithString: @"\""];
  NSUInteger i, n = [s length];
  for (i = 0; i < n; i++)
    {
      unichar c = [s characterAtIndex: i];
      if (c == '"' || c == '\\')
        [out appendFormat: @"\\%C", c];
      else if (c == '\n')
        [out appendString: @"\\n"];
      else if (c < 0x20)
        [out appendFormat: @"\\u%04x", (unsigned)c];
      else
        [out appendString: [NSString stringWithCharacters: &c length: 1]];
    }
  [out appendString: @"\""];
  return out;
}

/* Compact JSON for a value, using the corpus wrappers for dates and sets. */
static NSString *toJSON(id value)
{
  if (value == nil || value == [NSNull null])
    return @"null";
  if (isBoolNumber(value))
    return [value boolValue] ? @"true" : @"false";
  if ([value isKindOfClass: [NSNumber class]])
    return isFloatingNumber(value) ? formatDouble([value doubleValue])
      : [NSString stringWithFormat: @"%lld", [value longLongValue]];
  if ([value isKindOfClass: [NSString class]])
    return quoteJSONString(value);
  if ([value isKindOfClass: [NSDate class]])
    return [NSString stringWithFormat: @"{\"$date\": \"%@\"}", formatISODate(value)];
  if ([value isKindOfClass: [NSArray class]] || [value isKindOfClass: [NSSet class]])
    {
      NSMutableArray *parts = [NSMutableArray array];
      NSEnumerator *e = [value objectEnumerator];
      id element;
      NSString *list;
      while ((element = [e nextObject]) != nil)
        [parts addObject: toJSON(element)];
      if ([value isKindOfClass: [NSSet class]])
        {
          [parts sortUsingSelector: @selector(compare:)];
          list = [parts componentsJoinedByString: @", "];
          return [NSString stringWithFormat: @"{\"$set\": [%@]}", list];
        }
      return [NSString stringWithFormat: @"[%@]", [parts componentsJoinedByString: @", "]];
    }
  if ([value isKindOfClass: [NSDictionary class]])
    {
      NSMutableArray *parts = [NSMutableArray array];
      NSArray *keys = [[value allKeys] sortedArrayUsingSelector: @selector(compare:)];
      NSEnumerator *e = [keys objectEnumerator];
      id key;
      while ((key = [e nextObject]) != nil)
        [parts addObject: [NSString stringWithFormat: @"%@: %@", quoteJSONString(key),
                                    toJSON([value objectForKey: key])]];
      return [NSString stringWithFormat: @"{%@}", [parts componentsJoinedByString: @", "]];
    }
  return [NSString stringWithFormat: @"<%@ %@>", NSStringFromClass([value class]),
                   [value description]];
}

/*
 * Corpus equality: numbers numerically (a bool equals 1/0, since GNUstep does not always
 * keep booleans apart), arrays in order, sets unordered, dates to the millisecond.
 */
static BOOL valuesAgree(id expected, id actual)
{
  if (expected == [NSNull null]) expected = nil;
  if (actual == [NSNull null]) actual = nil;
  if (expected == nil || actual == nil)
    return expected == actual;
  if ([expected isKindOfClass: [NSNumber class]] && [actual isKindOfClass: [NSNumber class]])
    {
      /* long double holds both a double and a long long exactly on the platforms we use. */
      if (isFloatingNumber(expected) && isFloatingNumber(actual))
        return [expected doubleValue] == [actual doubleValue];
      if (isFloatingNumber(expected) || isFloatingNumber(actual))
        return (isFloatingNumber(expected) ? (long double)[expected doubleValue]
                                           : (long double)[expected longLongValue])
          == (isFloatingNumber(actual) ? (long double)[actual doubleValue]
                                       : (long double)[actual longLongValue]);
      return [expected longLongValue] == [actual longLongValue];
    }
  if ([expected isKindOfClass: [NSString class]] && [actual isKindOfClass: [NSString class]])
    return [expected isEqualToString: actual];
  if ([expected isKindOfClass: [NSDate class]] && [actual isKindOfClass: [NSDate class]])
    return llround([expected timeIntervalSince1970] * 1000.0)
      == llround([actual timeIntervalSince1970] * 1000.0);
  if ([expected isKindOfClass: [NSArray class]] && [actual isKindOfClass: [NSArray class]])
    {
      NSUInteger i, n = [expected count];
      if ([actual count] != n)
        return NO;
      for (i = 0; i < n; i++)
        if (!valuesAgree([expected objectAtIndex: i], [actual objectAtIndex: i]))
          return NO;
      return YES;
    }
  if ([expected isKindOfClass: [NSSet class]] && [actual isKindOfClass: [NSSet class]])
    {
      /* Match each expected element with a distinct actual element. */
      NSMutableArray *remaining = [NSMutableArray arrayWithArray: [actual allObjects]];
      NSEnumerator *e = [expected objectEnumerator];
      id element;
      if ([expected count] != [actual count])
        return NO;
      while ((element = [e nextObject]) != nil)
        {
          NSUInteger i, n = [remaining count];
          for (i = 0; i < n; i++)
            if (valuesAgree(element, [remaining objectAtIndex: i]))
              break;
          if (i == n)
            return NO;
          [remaining removeObjectAtIndex: i];
        }
      return YES;
    }
  if ([expected isKindOfClass: [NSDictionary class]]
      && [actual isKindOfClass: [NSDictionary class]])
    {
      NSEnumerator *e = [expected keyEnumerator];
      id key;
      if ([expected count] != [actual count])
        return NO;
      while ((key = [e nextObject]) != nil)
        if (!valuesAgree([expected objectForKey: key], [actual objectForKey: key]))
          return NO;
      return YES;
    }
  return NO;
}

/* ---- Running a case ---- */

/* Exception text on one line. */
static NSString *describeException(id exception)
{
  NSString *text;
  if ([exception isKindOfClass: [NSException class]])
    text = [NSString stringWithFormat: @"%@: %@", [exception name], [exception reason]];
  else
    text = [exception description];
  text = [[text componentsSeparatedByString: @"\n"] componentsJoinedByString: @" "];
  return text;
}

/* Parses "<expression> == 0", falling back to "(<expression>) == 0"; returns its left side. */
static NSExpression *parseExpression(NSString *source, NSArray *arguments)
{
  NSArray *formats = [NSArray arrayWithObjects: @"%@ == 0", @"(%@) == 0", nil];
  NSException *firstFailure = nil;
  NSUInteger i;

  for (i = 0; i < [formats count]; i++)
    {
      NSString *format = [NSString stringWithFormat: [formats objectAtIndex: i], source];
      @try
        {
          NSPredicate *p = [NSPredicate predicateWithFormat: format argumentArray: arguments];
          if ([p isKindOfClass: [NSComparisonPredicate class]])
            {
              NSComparisonPredicate *c = (NSComparisonPredicate *)p;
              NSExpression *right = [c rightExpression];
              if ([c predicateOperatorType] == NSEqualToPredicateOperatorType
                  && [right expressionType] == NSConstantValueExpressionType
                  && [[right constantValue] isEqual: [NSNumber numberWithInt: 0]])
                return [c leftExpression];
            }
        }
      @catch (NSException *e)
        {
          if (firstFailure == nil)
            firstFailure = e;
        }
    }
  if (firstFailure != nil)
    [firstFailure raise];
  [NSException raise: NSInvalidArgumentException
              format: @"cannot isolate the expression from \"%@ == 0\"", source];
  return nil;
}

/*
 * Runs one case with GNUstep. Returns the result (NSNull for nil) or nil after setting
 * *error to the exception text.
 */
static id runCase(NSDictionary *c, NSString **error)
{
  id object = [c objectForKey: @"object"];
  NSDictionary *variables = [c objectForKey: @"variables"];
  NSArray *arguments = [c objectForKey: @"arguments"];
  NSString *predicateSource = [c objectForKey: @"predicate"];
  id result = nil;

  if (object == [NSNull null])
    object = nil;
  if (variables == nil)
    variables = [NSDictionary dictionary];
  if (arguments == nil)
    arguments = [NSArray array];
  @try
    {
      if (predicateSource != nil)
        {
          NSPredicate *p = [NSPredicate predicateWithFormat: predicateSource
                                              argumentArray: arguments];
          BOOL matched = [p evaluateWithObject: object substitutionVariables: variables];
          result = [NSNumber numberWithBool: matched];
        }
      else
        {
          NSExpression *e = parseExpression([c objectForKey: @"expression"], arguments);
          NSMutableDictionary *context = [NSMutableDictionary dictionaryWithDictionary: variables];
          result = [e expressionValueWithObject: object context: context];
          if (result == nil)
            result = [NSNull null];
        }
    }
  @catch (id exception)
    {
      *error = describeException(exception);
      return nil;
    }
  return result;
}

/* Checks the shape of a case; returns a problem description or nil. */
static NSString *validateCase(id c)
{
  if (![c isKindOfClass: [NSDictionary class]])
    return @"case is not an object";
  if (([c objectForKey: @"predicate"] == nil) == ([c objectForKey: @"expression"] == nil))
    return @"needs exactly one of \"predicate\" and \"expression\"";
  if (![[c objectForKey: @"predicate"] ?: [c objectForKey: @"expression"]
          isKindOfClass: [NSString class]])
    return @"\"predicate\"/\"expression\" is not a string";
  if (([c objectForKey: @"expected"] == nil) == ([c objectForKey: @"error"] == nil))
    return @"needs exactly one of \"expected\" and \"error\"";
  if ([c objectForKey: @"variables"] != nil
      && ![[c objectForKey: @"variables"] isKindOfClass: [NSDictionary class]])
    return @"\"variables\" is not an object";
  if ([c objectForKey: @"arguments"] != nil
      && ![[c objectForKey: @"arguments"] isKindOfClass: [NSArray class]])
    return @"\"arguments\" is not an array";
  return nil;
}

/* The case's expectation as printed in reports: a JSON value or "error <code>". */
static NSString *describeExpectation(NSDictionary *c)
{
  id expected = [c objectForKey: @"expected"];
  id error = [c objectForKey: @"error"];
  id code = [error isKindOfClass: [NSDictionary class]] ? [error objectForKey: @"code"] : nil;
  if (expected != nil)
    return toJSON(expected);
  return [NSString stringWithFormat: @"error %@", code ?: @"(no code)"];
}

/* Verdict of one case: 'A' agree, 'D' disagree, 'K' known disagreement. */
typedef struct
{
  char verdict;
  NSString *line;
} Outcome;

/* Evaluates a case and builds its report line (the line is nil for quiet agreement). */
static Outcome evaluateCase(NSString *label, NSDictionary *c, BOOL all)
{
  NSString *error = nil;
  id result = runCase(c, &error);
  id expected = [c objectForKey: @"expected"];
  NSString *known = [c objectForKey: @"gnustepDiffers"];
  NSString *expectedText, *actualText;
  Outcome outcome;
  BOOL agree;

  expectedText = describeExpectation(c);
  if (expected != nil)
    agree = result != nil && valuesAgree(expected, result);
  else
    agree = result == nil;
  actualText = result != nil ? toJSON(result)
    : [NSString stringWithFormat: @"error (%@)", error];

  outcome.verdict = agree ? 'A' : (known != nil ? 'K' : 'D');
  if (agree)
    outcome.line = all ? [NSString stringWithFormat: @"%@: GNUstep gave %@ (agrees)",
                                   label, actualText] : nil;
  else
    outcome.line = [NSString stringWithFormat: @"%@: expected %@, GNUstep gave %@%@", label,
                             expectedText, actualText,
                             known != nil ? [NSString stringWithFormat: @" (known: %@)", known]
                                          : @""];
  return outcome;
}

/*
 * Runs a case in a child process so that a crash or hang inside GNUstep is reported as a
 * disagreement instead of ending the run. The child sends "<verdict><line>" through a pipe.
 */
static Outcome checkCaseIsolated(NSString *label, NSDictionary *c, BOOL all)
{
  NSMutableData *received = [NSMutableData data];
  NSString *known = [c objectForKey: @"gnustepDiffers"];
  Outcome outcome;
  int fds[2], status = 0;
  pid_t pid;
  char buffer[4096];
  ssize_t n;

  fflush(stdout);
  fflush(stderr);
  if (pipe(fds) != 0 || (pid = fork()) < 0)
    {
      perror("check: pipe/fork");
      exit(1);
    }
  if (pid == 0)
    {
      NSAutoreleasePool *pool = [NSAutoreleasePool new];
      Outcome result;
      NSData *message;
      int devNull;
      close(fds[0]);
      /* GNUstep NSLogs parse failures; the exception is reported instead. */
      if ((devNull = open("/dev/null", O_WRONLY)) >= 0)
        dup2(devNull, STDERR_FILENO);
      alarm(CASE_TIMEOUT_SECONDS);
      result = evaluateCase(label, c, all);
      message = [[NSString stringWithFormat: @"%c%@", result.verdict, result.line ?: @""]
                  dataUsingEncoding: NSUTF8StringEncoding];
      if (write(fds[1], [message bytes], [message length]) < 0)
        _exit(3);
      [pool release];
      _exit(0);
    }
  close(fds[1]);
  while ((n = read(fds[0], buffer, sizeof(buffer))) > 0)
    [received appendBytes: buffer length: n];
  close(fds[0]);
  waitpid(pid, &status, 0);

  if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && [received length] > 0)
    {
      NSString *text = [[[NSString alloc] initWithData: received
                                              encoding: NSUTF8StringEncoding] autorelease];
      outcome.verdict = (char)[text characterAtIndex: 0];
      outcome.line = [text length] > 1 ? [text substringFromIndex: 1] : nil;
      return outcome;
    }
  outcome.verdict = known != nil ? 'K' : 'D';
  outcome.line = [NSString stringWithFormat: @"%@: expected %@, GNUstep gave %@%@", label,
                           describeExpectation(c),
                           WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM
                             ? @"no answer (timed out)"
                             : WIFSIGNALED(status)
                               ? [NSString stringWithFormat: @"a crash (signal %d)",
                                           WTERMSIG(status)]
                               : @"a crash",
                           known != nil ? [NSString stringWithFormat: @" (known: %@)", known]
                                        : @""];
  return outcome;
}

/* ---- Main ---- */

int main(int argc, char **argv)
{
  NSAutoreleasePool *outerPool = [NSAutoreleasePool new];
  BOOL all = NO, failed = NO;
  long total = 0, agreeing = 0, disagreeing = 0, known = 0;
  int argi, fileCount = 0;

  setvbuf(stdout, NULL, _IOLBF, 0);
  for (argi = 1; argi < argc; argi++)
    {
      NSAutoreleasePool *pool = [NSAutoreleasePool new];
      NSString *path = [NSString stringWithUTF8String: argv[argi]];
      NSData *data;
      NSArray *cases = nil;
      NSUInteger index;

      if ([path isEqualToString: @"--all"])
        {
          all = YES;
          [pool release];
          continue;
        }
      fileCount++;
      data = [NSData dataWithContentsOfFile: path];
      if (data == nil)
        {
          fprintf(stderr, "check: cannot read %s\n", argv[argi]);
          failed = YES;
          [pool release];
          continue;
        }
      @try
        {
          id document = parseJSON(data);
          if ([document isKindOfClass: [NSDictionary class]])
            cases = [document objectForKey: @"cases"];
          if (![cases isKindOfClass: [NSArray class]])
            [NSException raise: JSONErrorName format: @"no \"cases\" array"];
        }
      @catch (NSException *e)
        {
          fprintf(stderr, "check: %s: %s\n", argv[argi], [[e reason] UTF8String]);
          failed = YES;
          [pool release];
          continue;
        }

      for (index = 0; index < [cases count]; index++)
        {
          NSAutoreleasePool *casePool = [NSAutoreleasePool new];
          id raw = [cases objectAtIndex: index];
          id description = [raw isKindOfClass: [NSDictionary class]]
            ? [raw objectForKey: @"description"] : nil;
          NSString *label = [NSString stringWithFormat: @"%@ #%lu (%@)", path,
                                      (unsigned long)index, description ?: @""];
          NSString *problem = validateCase(raw);
          NSDictionary *c = nil;
          Outcome outcome;

          if (problem == nil)
            {
              @try
                {
                  c = decodeValue(raw);
                }
              @catch (NSException *e)
                {
                  problem = [e reason];
                }
            }
          if (problem != nil)
            {
              fprintf(stderr, "check: %s: malformed case: %s\n", [label UTF8String],
                      [problem UTF8String]);
              failed = YES;
              [casePool release];
              continue;
            }

          outcome = checkCaseIsolated(label, c, all);
          total++;
          if (outcome.verdict == 'A')
            agreeing++;
          else
            {
              disagreeing++;
              if (outcome.verdict == 'K')
                known++;
            }
          if (outcome.line != nil)
            printf("%s\n", [outcome.line UTF8String]);
          [casePool release];
        }
      [pool release];
    }

  if (fileCount == 0)
    {
      fprintf(stderr, "usage: check [--all] FILE...\n");
      return 1;
    }
  printf("%ld cases, %ld agree, %ld disagree (%ld known)\n", total, agreeing, disagreeing,
         known);
  [outerPool release];
  return failed ? 1 : 0;
}
