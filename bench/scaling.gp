# Plots of bench/scaling.sh, one data file each (its first line: column titles), as
# OUT.png and OUT.svg. Variables (gnuplot -e): kind = speedup | phases | asm, dat, out,
# ncol (columns of dat), cores, cpus, pngterm (pngcairo | png), ttl.
#   speedup: threads, then the speedup of each workload; log-log, the ideal line y = x,
#            threads above the cores shaded.
#   phases:  a phase per row, then its efficiency (%) at each thread count: grouped bars.
#   asm:     threads, then time(portable) / time(asm) of each workload.
set datafile missing "NaN"
set key autotitle columnhead
set grid ytics lc rgb "#dddddd"
# gnuplot's 8 default colours repeat from linetype 9: up to 12 distinct workloads
set linetype 9 lc rgb "#8c564b" lw 1 pt 10
set linetype 10 lc rgb "#e377c2" lw 1 pt 12
set linetype 11 lc rgb "#17becf" lw 1 pt 14
set linetype 12 lc rgb "#7f7f7f" lw 1 pt 3
do for [fmt in "png svg"] {
    if (fmt eq "png") {
        if (pngterm eq "pngcairo") { set terminal pngcairo size 820,440 font "sans,10" }
        else { set terminal png size 820,440 }
    } else {
        set terminal svg size 820,440 dynamic font "sans,10"
    }
    set output out.".".fmt
    set title ttl noenhanced
    unset object
    unset arrow
    unset logscale
    if (kind eq "phases") {
        set style data histograms
        set style histogram clustered gap 1
        set style fill solid 0.8 border -1
        set boxwidth 0.9
        set xtics rotate by -30 noenhanced
        set ylabel "parallel efficiency (%)"
        set yrange [0:110<*]
        set key top right noenhanced
        set arrow from graph 0, first 100 to graph 1, first 100 nohead dt 2 lc rgb "#555555"
        plot for [i=2:ncol] dat using i:xtic(1) title columnhead(i)
    } else {
        set style data linespoints
        set logscale x 2
        set xlabel "threads"
        set xtics 2 noenhanced
        set key outside right top noenhanced
        stats dat using 1 nooutput
        xmax = STATS_max
        set xrange [0.9:xmax * 1.1]
        if (cores < xmax) {
            set object 1 rect from cores + 0.02, graph 0 to graph 1, graph 1 behind fc rgb "#eeeeee" fs solid noborder
            set label 1 "more threads than cores" at graph 0.98, graph 0.04 right tc rgb "#777777"
        } else { unset label 1 }
        if (kind eq "speedup") {
            set logscale y 2
            set ylabel "speedup over 1 thread"
            set yrange [0.05<*<0.9:xmax * 1.25]
            plot x title "ideal" lc rgb "#999999" dt 2 with lines, \
                 for [i=2:ncol] dat using 1:i title columnhead(i) lw 2
        } else {
            set ylabel "time(portable) / time(asm)"
            set yrange [0:*]
            plot 1 notitle lc rgb "#999999" dt 2 with lines, \
                 for [i=2:ncol] dat using 1:i title columnhead(i) lw 2
        }
    }
    unset output
}
