% spec: 004 §2.1 "Control structures" (reference manual excerpt)
% repaired: nothing
% run: exec
% example: an example of a for-loop
for i=1..2..100
    j=i+1
    print i, " ", j
    if i==1
        print "i is one"
    elseif i==3
        print "i is three"
    endif
endfor
% expect: 1 2
% expect: i is one
% expect: 3 4
% expect: i is three
% expect: 5 6
% expect: 7 8
% expect: 9 10
% expect: 11 12
% expect: 13 14
% expect: 15 16
% expect: 17 18
% expect: 19 20
% expect: 21 22
% expect: 23 24
% expect: 25 26
% expect: 27 28
% expect: 29 30
% expect: 31 32
% expect: 33 34
% expect: 35 36
% expect: 37 38
% expect: 39 40
% expect: 41 42
% expect: 43 44
% expect: 45 46
% expect: 47 48
% expect: 49 50
% expect: 51 52
% expect: 53 54
% expect: 55 56
% expect: 57 58
% expect: 59 60
% expect: 61 62
% expect: 63 64
% expect: 65 66
% expect: 67 68
% expect: 69 70
% expect: 71 72
% expect: 73 74
% expect: 75 76
% expect: 77 78
% expect: 79 80
% expect: 81 82
% expect: 83 84
% expect: 85 86
% expect: 87 88
% expect: 89 90
% expect: 91 92
% expect: 93 94
% expect: 95 96
% expect: 97 98
% expect: 99 100
