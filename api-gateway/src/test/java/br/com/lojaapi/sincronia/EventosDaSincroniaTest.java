package br.com.lojaapi.sincronia;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.axonframework.eventhandling.EventHandler;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sync takes an event of a product, order or customer as applied once its row's versao reaches the event's
 * sequence number (HorizonteDeSincronia), as read-your-writes does: every event of those aggregates needs a
 * handler in its projection that moves the version, or the horizon would wait for it for good.
 */
class EventosDaSincroniaTest {

    @ParameterizedTest
    @CsvSource({
            "br.com.lojaapi.coreapi.produto, br.com.lojaapi.query.produto.ProdutoProjection",
            "br.com.lojaapi.coreapi.pedido, br.com.lojaapi.query.pedido.PedidoProjection",
            "br.com.lojaapi.coreapi.cliente, br.com.lojaapi.query.cliente.ClienteProjection"})
    void todoEventoDoAgregadoTemTratadorNaProjecao(String pacote, String projecao) throws Exception {
        Set<Class<?>> tratados = Arrays.stream(Class.forName(projecao).getDeclaredMethods())
                                       .filter(m -> m.isAnnotationPresent(EventHandler.class))
                                       .map(Method::getParameterTypes).map(tipos -> tipos[0])
                                       .collect(Collectors.toSet());
        List<String> eventos = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                                                      .importPackages(pacote).stream()
                                                      .filter(c -> c.getSimpleName().endsWith("Event"))
                                                      .map(JavaClass::getName).sorted().toList();
        assertThat(eventos).isNotEmpty();
        assertThat(eventos).as("eventos sem tratador em " + projecao)
                           .allMatch(nome -> tratados.stream().anyMatch(t -> t.getName().equals(nome)));
    }
}
