% {!parallel for} on a loop that cannot run as a kernel at all (it prints) is an error
% of the program (spec 004 §2.3: "interrupt the program compilation when the loop
% parallelization fails"), reported before anything runs.
print "not printed"
y = zeros(10)
{!parallel for}
for i = 0..9
    y[i] = i
    print i
endfor
% expect error: line 7: {!parallel for}: the loop cannot be parallelized: it prints
