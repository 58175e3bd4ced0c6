% Reading a variable that was never assigned at run time is an error.
if 0
    x = 1
endif
print x
% expect error: line 5: 'x' is used before it is assigned
