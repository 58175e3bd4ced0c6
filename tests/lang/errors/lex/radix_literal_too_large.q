% A radix literal must fit in a signed 64-bit integer.
% run: parse
% expect error: line 4: does not fit in 64 bits
big = 8000000000000000h
ok = 7FFFFFFFFFFFFFFFh
