package br.com.lojaapi.apoio;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * Class-data sharing for the nodes a test starts in JVMs of their own ({@link NoEmOutroProcesso}): the first node's
 * JVM writes the classes it loaded to an archive when it exits ({@code -XX:ArchiveClassesAtExit}), and the nodes
 * started after it map them from there ({@code -XX:SharedArchiveFile}) instead of loading, parsing and verifying
 * them again: about half of a cold node's start on a small machine (11-17 s without, 6-9.5 s with it).
 *
 * <p>The JVM archives classes from jar files only and refuses a class path with a non-empty directory in it, so
 * the directories of the test class path ({@code target/classes}, {@code target/test-classes}) go into jars once
 * per test run, in the same order. Only one node writes the archive at a time, to a file of its own that becomes
 * the archive when its JVM ended well; a node killed with -9 writes nothing, and the next node started tries
 * again. An archive the JVM finds unusable is ignored with a warning in the node's log (sharing is
 * {@code -Xshare:auto}, the default), so the worst case is a node that starts as it did without it.
 */
final class ClassesCompartilhadas {

    private static final Path PASTA = Path.of("target", "classes-compartilhadas").toAbsolutePath();
    private static final Path ARQUIVO = PASTA.resolve("nos.jsa");

    private static String classpath;
    private static boolean gravando;

    private ClassesCompartilhadas() {
    }

    /** The test class path with each directory in it replaced by a jar of its contents, made at the first call. */
    static synchronized String classpath() {
        if (classpath == null) {
            try {
                limpar();
                List<String> entradas = new ArrayList<>();
                int n = 0;
                for (String entrada : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
                    Path caminho = Path.of(entrada);
                    if (Files.isDirectory(caminho)) {
                        Path jar = PASTA.resolve("diretorio-" + n++ + ".jar");
                        empacotar(caminho, jar);
                        entradas.add(jar.toString());
                    } else if (!entrada.isEmpty()) {
                        entradas.add(entrada);
                    }
                }
                classpath = String.join(java.io.File.pathSeparator, entradas);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return classpath;
    }

    /**
     * The JVM options for the next node: the archive if there is one; else, if no other node is writing it, the
     * options that make this one write it when it exits ({@link #aoSair} then puts it in place); else none.
     */
    static synchronized List<String> opcoes(long sequencia) {
        classpath(); // the first call clears what an earlier run left, its archive included
        if (Files.isRegularFile(ARQUIVO)) {
            return List.of("-XX:SharedArchiveFile=" + ARQUIVO);
        }
        if (gravando) {
            return List.of();
        }
        gravando = true;
        return List.of("-XX:ArchiveClassesAtExit=" + gravacao(sequencia));
    }

    /** After a node's JVM ended: the archive it wrote, if it was the one writing it, becomes the archive. */
    static synchronized void aoSair(long sequencia, List<String> opcoes) {
        if (opcoes.stream().noneMatch(o -> o.startsWith("-XX:ArchiveClassesAtExit="))) {
            return;
        }
        gravando = false;
        Path gravado = gravacao(sequencia);
        try {
            if (Files.size(gravado) > 0 && !Files.exists(ARQUIVO)) {
                Files.move(gravado, ARQUIVO, StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (IOException e) {
            // no archive written (the JVM was killed, or refused to dump): the next node tries
        } finally {
            try {
                Files.deleteIfExists(gravado);
            } catch (IOException e) {
                // left in target/, removed at the next run
            }
        }
    }

    private static Path gravacao(long sequencia) {
        return PASTA.resolve("gravando-" + sequencia + ".jsa");
    }

    private static void limpar() throws IOException {
        if (Files.isDirectory(PASTA)) {
            try (Stream<Path> arquivos = Files.list(PASTA)) {
                for (Path arquivo : arquivos.toList()) {
                    Files.delete(arquivo);
                }
            }
        }
        Files.createDirectories(PASTA);
    }

    /** A jar of a directory, with an entry for every directory too: Spring's and Flyway's scanning look for them. */
    private static void empacotar(Path diretorio, Path jar) throws IOException {
        try (OutputStream saida = Files.newOutputStream(jar);
             JarOutputStream pacote = new JarOutputStream(saida);
             Stream<Path> arvore = Files.walk(diretorio)) {
            for (Path caminho : arvore.sorted().toList()) {
                if (caminho.equals(diretorio)) {
                    continue;
                }
                String nome = diretorio.relativize(caminho).toString().replace('\\', '/');
                if (Files.isDirectory(caminho)) {
                    pacote.putNextEntry(new JarEntry(nome + "/"));
                } else {
                    pacote.putNextEntry(new JarEntry(nome));
                    Files.copy(caminho, pacote);
                }
                pacote.closeEntry();
            }
        }
    }
}
