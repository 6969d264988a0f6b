package br.com.lojaapi.query.processamento.reconstrucao;

import br.com.lojaapi.query.comum.TabelasDoModelo;
import org.axonframework.config.ProcessingGroup;
import org.springframework.context.ApplicationContext;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.stereotype.Component;
import org.springframework.util.ClassUtils;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Which processors can be rebuilt, and into which tables: those whose handlers are projections declaring
 * {@link TabelasDoModelo}. A processing group that also holds a handler without it (a saga, a webhook sender, a
 * lookup table of the command side) is not rebuildable at all, so nothing with side effects is ever replayed.
 */
@Component
class ModelosReconstruiveis {

    private static final Pattern NOME_DE_TABELA = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

    /** A rebuildable read model: its processor and the tables its handlers write. */
    record Modelo(String processador, List<String> tabelas) {
    }

    private final Map<String, Modelo> modelos;

    ModelosReconstruiveis(ApplicationContext contexto) {
        Map<String, Set<String>> tabelas = new TreeMap<>();
        Set<String> comEfeitos = new LinkedHashSet<>();
        for (String nome : contexto.getBeanNamesForAnnotation(ProcessingGroup.class)) {
            Class<?> tipo = contexto.getType(nome);
            if (tipo == null) {
                continue;
            }
            tipo = ClassUtils.getUserClass(tipo);
            ProcessingGroup grupo = AnnotatedElementUtils.findMergedAnnotation(tipo, ProcessingGroup.class);
            TabelasDoModelo declaradas = AnnotatedElementUtils.findMergedAnnotation(tipo, TabelasDoModelo.class);
            if (grupo == null) {
                continue;
            }
            if (declaradas == null) {
                comEfeitos.add(grupo.value());
                continue;
            }
            for (String tabela : declaradas.value()) {
                if (!NOME_DE_TABELA.matcher(tabela).matches()) {
                    throw new IllegalStateException("Nome de tabela inválido em " + tipo.getName() + ": " + tabela);
                }
                tabelas.computeIfAbsent(grupo.value(), g -> new LinkedHashSet<>()).add(tabela);
            }
        }
        Map<String, Modelo> porNome = new TreeMap<>();
        tabelas.forEach((grupo, nomes) -> {
            if (!comEfeitos.contains(grupo)) {
                porNome.put(grupo, new Modelo(grupo, List.copyOf(nomes)));
            }
        });
        this.modelos = Map.copyOf(porNome);
    }

    Optional<Modelo> de(String processador) {
        return Optional.ofNullable(modelos.get(processador));
    }
}
