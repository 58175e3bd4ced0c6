% Only '#pragma' lines may start with '#'; the rest of such a line is skipped.
% run: parse
% expect error: line 7: only '#pragma' lines may start with '#'
% expect error: line 8: only '#pragma' lines may start with '#'
% expect error: line 10: only '#pragma' lines may start with '#'
% expect error: line 11: only '#pragma' lines may start with '#'
# a comment in the wrong language
#include "x.h"
#pragma unroll
#pragmatic
x = 1 # trailing remark
