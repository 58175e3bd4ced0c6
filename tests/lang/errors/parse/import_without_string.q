% import takes a file name in quotes.
% run: parse
% expect error: line 5: expected a file name in quotes after 'import', found 'geometry'
% expect error: line 6: expected a file name in quotes after 'import', found end of line
import geometry
import
