#ifndef WIDGETRY_CARCHIVE_SHIM_H
#define WIDGETRY_CARCHIVE_SHIM_H
#include <archive.h>
#include <archive_entry.h>
#endif
